// swift run friends-demo [--base-url auth=URL --base-url api=URL --base-url analytics=URL]
//                        (or --auth-url URL --api-url URL --analytics-url URL)
//
// The Friends API end to end: three servers, three generated clients, one access token added in
// one place and refreshed once when it expires. With no URLs it starts the local servers from
// Tests/Server (python3, standard library only).

import Courier
import Foundation
import FriendsAPI
import LoopbackServer

@main
struct FriendsDemo {
    static func main() async {
        let arguments = CommandLine.arguments
        // `--auth-url URL`, or `--base-url auth=URL` (likewise api and analytics).
        func option(_ name: String) -> URL? {
            if let index = arguments.firstIndex(of: "--\(name)-url"), index + 1 < arguments.count {
                return URL(string: arguments[index + 1])
            }
            for (index, argument) in arguments.enumerated()
            where argument == "--base-url" && index + 1 < arguments.count {
                let pair = arguments[index + 1].split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0] == name { return URL(string: String(pair[1])) }
            }
            return nil
        }
        var server: PythonServer?
        let authURL: URL, apiURL: URL, analyticsURL: URL
        if let auth = option("auth"), let api = option("api"), let analytics = option("analytics") {
            (authURL, apiURL, analyticsURL) = (auth, api, analytics)
        } else {
            do {
                let local = try PythonServer(script: "friends_server.py")
                server = local
                (authURL, apiURL, analyticsURL) = (
                    local.url("auth"), local.url("api", path: "/v1"), local.url("analytics")
                )
            } catch {
                print("Could not start the local Friends servers (is python3 installed?): \(error)")
                exit(1)
            }
        }
        defer { server?.stop() }
        do {
            try await Tour(authURL: authURL, apiURL: apiURL, analyticsURL: analyticsURL).run()
        } catch {
            print("\n✕ The tour stopped: \(error.localizedDescription)\n  \(error)")
            server?.stop()
            exit(1)
        }
    }
}

/// The three clients of the Friends network, wired as an app would wire them.
struct Tour {
    let tokens = InMemoryTokenStore()
    let auth: FriendsAuth
    let api: Friends
    let analytics: FriendsAnalytics
    let apiURL: URL

    init(authURL: URL, apiURL: URL, analyticsURL: URL) {
        let auth = FriendsAuth(baseURL: authURL)
        let tokens = self.tokens
        // The access token is added to every API call here, once, and refreshed once when it expires.
        let authentication = AuthenticationMiddleware(store: tokens) { current throws(ServiceError) in
            let session = try await auth.refresh(body: RefreshRequest(refreshToken: current.refreshToken ?? ""))
            return AuthTokens(session)
        }
        self.auth = auth
        self.api = Friends(baseURL: apiURL) { $0.middlewares = [RetryMiddleware(), authentication] }
        self.analytics = FriendsAnalytics(baseURL: analyticsURL)
        self.apiURL = apiURL
    }

    func step(_ title: String) { print("\n▸ \(title)") }
    func say(_ line: String) { print("  \(line)") }

    func run() async throws {
        print(
            "Friends, on three servers: auth \(auth.client.configuration.baseURL.absoluteString), API \(apiURL.absoluteString), analytics \(analytics.client.configuration.baseURL.absoluteString)"
        )

        step("Log in; three independent listeners hear about it")
        let listeners = [
            auth.client.requestEvents.subscribe(operationID: "login") { event in
                if event.value(as: Session.self) != nil { print("    [push] registered this device for notifications") }
            },
            auth.client.requestEvents.subscribe(operationID: "login") { event in
                if case .succeeded = event { print("    [analytics] recorded a login event") }
            },
            auth.client.requestEvents.subscribe(operationID: "login") { event in
                if case .failed(_, let error) = event {
                    print("    [profile] not fetched: \(error.localizedDescription)")
                }
            },
        ]
        defer { for listener in listeners { listener.cancel() } }
        do {
            _ = try await auth.login(body: CredentialsModel(email: "ada@example.com", password: "wrong"))
        } catch .server(let failure) {
            say("wrong password → HTTP \(failure.status): \(failure.message ?? "")")
        }
        let session = try await auth.login(body: CredentialsModel(email: "ada@example.com", password: "ada"))
        await tokens.setTokens(AuthTokens(session))
        say("logged in; the access token expires in \(session.expiresIn) s")
        try? await Task.sleep(for: .milliseconds(50))

        step("Load the current user (the token travels without the call site mentioning it)")
        let me = try await api.currentUser()
        say(
            "\(me.name ?? "?") <\(me.email ?? "no email")>, member since \(me.createdAt.formatted(date: .abbreviated, time: .omitted))"
        )

        step("List friends: try await api.friends(of: me)")
        let friends = try await api.friends(of: me)
        for friend in friends { say("• \(friend.name ?? "?")") }

        step("Add and remove a friend")
        let barbara = try await api.user(id: 5)
        let added = try await api.addFriend(body: AddFriendRequest(userID: barbara.id))
        say("added \(added.name ?? "?")")
        do {
            _ = try await api.addFriend(body: AddFriendRequest(userID: barbara.id))
        } catch .server(let failure) {
            say("adding again → caught .server: HTTP \(failure.status), \"\(failure.message ?? "")\"")
        }
        let edsger = try await api.user(id: 4)
        _ = try await api.removeFriend(edsger)
        say("removed \(edsger.name ?? "?")")
        say("friends now: \(try await api.friends(of: me).compactMap(\.name).joined(separator: ", "))")

        step("Put friends in a group")
        let group = try await api.createGroup(body: CreateGroupRequest(name: "Pioneers", color: .purple))
        let filled = try await api.setMembers(of: group.id, body: SetMembersRequest(userIDs: [2, 3]))
        say(
            "\(filled.name) (\(filled.color?.rawValue ?? "no colour")): members \(filled.memberIDs.map(String.init).joined(separator: ", "))"
        )

        step("Send a batch of analytics events to the analytics server")
        _ = try await analytics.track(
            body: TrackRequest(events: [
                .screenView(ScreenView(type: "screen_view", screen: "friends")),
                .tap(Tap(type: "tap", target: "add_friend")),
            ]))
        say("accepted (202), fire and forget")

        step("Cancel a request mid-flight")
        let started = ContinuousClock.now
        let slow = Task { try await api.client.send(Endpoint<User>.get("/slow").query("seconds", 5)) }
        try? await Task.sleep(for: .milliseconds(300))
        say("in flight: \(api.client.inFlightRequests.map { "\($0.method) \($0.url.path)" }.joined(separator: ", "))")
        slow.cancel()
        if case .failure(let error) = await slow.result {
            say(
                "a 5 s request ended after \((ContinuousClock.now - started).formatted(.units(allowed: [.milliseconds]))): \(error)"
            )
        }

        step("A typed server error, and a \"successful error\" (a 200 whose body reports a failure)")
        do {
            _ = try await api.user(id: 99)
        } catch .server(let failure) {
            say(
                "user 99 → HTTP \(failure.status): \(failure.message ?? ""), code \(failure.body(as: APIError.self)?.code ?? "?")"
            )
        }
        // (An explicit error type and a final `catch`: Swift 6.3 crashes compiling a `where`
        // clause on a typed catch otherwise.)
        do throws(ServiceError) {
            _ = try await api.postStatus(
                body: PostStatusRequest(text: String(repeating: "Analytical Engine! ", count: 10)))
        } catch .server(let failure) where failure.isSuccessfulError {
            say("long status → HTTP \(failure.status) with an error body: \(failure.message ?? "")")
        } catch {
            throw error
        }

        step("The access token expires; one refresh serves every waiting request")
        // A test hook of the local server: invalidate every access token now.
        let expireURL = URL(string: "/__expire", relativeTo: apiURL)!.absoluteURL
        _ = try await api.client.send(
            Endpoint<EmptyResponse>(method: .post, path: .absolute(expireURL)).option(.skipsAuthentication))
        let results = try await withThrowingTaskGroup(of: String.self) { [api] group in
            group.addTask { "\(try await api.currentUser().name ?? "?")" }
            group.addTask { "\(try await api.groups().count) group(s)" }
            group.addTask { "\(try await api.friends(of: me).count) friends" }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        say("three concurrent calls after the expiry: \(results.sorted().joined(separator: ", "))")
        struct Stats: Decodable { var refreshes: Int }
        let stats = try await auth.client.send(Endpoint<Stats>.get("/__stats"))
        say("the auth server saw \(stats.refreshes) refresh")

        print("\nDone.")
    }
}

extension AuthTokens {
    /// Tokens from the auth server's session.
    init(_ session: Session) {
        self.init(
            accessToken: session.accessToken, refreshToken: session.refreshToken,
            expiresAt: Date().addingTimeInterval(TimeInterval(session.expiresIn)))
    }
}
