import Courier
import Foundation
import NautobotAPI

let transport = try scenarioTransport()
let token = "0123456789abcdef0123456789abcdef01234567"
/// The token goes in one place: the generated middleware sends it to every operation that takes it.
let api = Nautobot(baseURL: URL(string: "http://127.0.0.1:8080/api")!) {
    $0.transport = transport
    $0.middlewares = [Nautobot.authentication { .init(tokenAuth: "Token \(token)") }]
}
await runScenario {
    // Devices two at a time through the generated paging (`next` links), as one page holds them.
    let all = try await api.dcimDevicesList(limit: 1000)
    var paged: [UUID] = []
    for try await device in api.dcimDevicesListItems(limit: 2) {
        if let id = device.id { paged.append(id) }
    }
    check(
        all.count >= 3 && paged.count == all.count && Set(paged) == Set(all.results.compactMap(\.id)),
        "\(paged.count) devices two at a time, as one page of \(all.count) lists them")
    let names = Array(all.results.compactMap(\.name).sorted().prefix(2))
    let named = try await api.dcimDevicesList(name: names)
    check(
        named.results.compactMap(\.name).sorted() == names,
        "two devices by name, a repeated query parameter: \(names)")

    // A tag made, changed in part, read back, deleted; then the server's 404 and 400.
    let tag = try await api.extrasTagsCreate(
        body: TagRequest(contentTypes: ["dcim.device"], name: "courier-scenario ✓", color: "00ff00", description: "Made"))
    guard let tagID = tag.id else { return check(false, "the new tag's id") }
    _ = try await api.extrasTagsPartialUpdate(id: tagID, body: PatchedTagRequest(description: "Changed from Swift"))
    let read = try await api.extrasTagsRetrieve(id: tagID)
    check(
        read.name == "courier-scenario ✓" && read.description == "Changed from Swift" && read.color == "00ff00"
            && read.contentTypes == ["dcim.device"],
        "a tag made, changed by a PATCH of one key and read back: \(read.display)")
    _ = try await api.extrasTagsDestroy(id: tagID)
    await checkFailure(404, "the deleted tag") { try await api.extrasTagsRetrieve(id: tagID) }
    await checkFailure(400, "a tag with an empty name") {
        try await api.extrasTagsCreate(body: TagRequest(contentTypes: ["dcim.device"], name: ""))
    }

    // A cable between two free interfaces of different devices, its status named by its id (a
    // union of a UUID and an integer), then the interface's trace: [interface, cable, interface],
    // each end in the case its `object_type` names.
    let statuses = try await api.extrasStatusesList(limit: 100).results
    guard let status = statuses.first(where: { $0.contentTypes.contains("dcim.cable") })?.id else {
        return check(false, "a status for cables")
    }
    let interfaces = try await api.dcimInterfacesList(limit: 400).results.filter { $0.cable == nil && $0.device != nil }
    guard let near = interfaces.first, let far = interfaces.first(where: { $0.device?.id != near.device?.id }),
        let nearID = near.id, let farID = far.id
    else { return check(false, "two free interfaces on two devices") }
    let cable = try await api.dcimCablesCreate(
        body: WritableCableRequest(
            terminationAType: "dcim.interface", terminationBType: "dcim.interface", terminationAID: nearID,
            terminationBID: farID, label: "courier-scenario", status: WritableCableRequestStatus(id: .uuid(status))))
    let trace = try await api.dcimInterfacesTraceRetrieve(id: nearID)
    var ends: [String] = []
    for end in trace.first ?? [] {
        switch end {
        case .interface(let interface)?: ends.append("interface \(interface.name)")
        case .tracedCable(let traced)?: ends.append("cable \(traced.label ?? "")")
        default: ends.append("other")
        }
    }
    check(
        ends == ["interface \(near.name)", "cable courier-scenario", "interface \(far.name)"],
        "a new cable's trace, each end in its own case: \(ends)")
    let peer = try await api.dcimInterfacesRetrieve(id: nearID).cablePeer
    if case .nestedInterface(let nested)? = peer {
        check(nested.id == farID, "the interface's cable peer, in the description's own discriminated union")
    } else {
        check(false, "the interface's cable peer: \(String(describing: peer))")
    }
    if let cableID = cable.id { _ = try await api.dcimCablesDestroy(id: cableID) }
    let after = try await api.dcimInterfacesRetrieve(id: nearID)
    check(after.cable == nil && after.cablePeer == nil, "the cable deleted, the interface free again")

    // A prefix's free addresses: a bare list, where the description says a page.
    guard let prefix = try await api.ipamPrefixesList(limit: 1, type: ["pool"]).results.first?.id else {
        return check(false, "a pool prefix")
    }
    let free = try await api.ipamPrefixesAvailableIpsList(id: prefix, limit: 5)
    check(free.count == 5 && free.allSatisfy { $0.address.contains("/") }, "five free addresses: \(free.map(\.address))")
    // Their generated walk by `offset`, which this server ignores: the second page is the first
    // again, and the walk stops there with an error instead of repeating its addresses.
    var walked: [String] = []
    do {
        for try await address in api.ipamPrefixesAvailableIpsListItems(id: prefix, limit: 2) {
            walked.append(address.address)
        }
        check(false, "a walk by an offset the server ignores: no error after \(walked.count) addresses")
    } catch ServiceError.invalidRequest(let invalid) {
        check(
            walked == Array(free.map(\.address).prefix(2)) && "\(invalid)".contains("Page 2 is the same as page 1"),
            "a walk by an offset the server ignores stops at its second page: \(walked)")
    }
}
