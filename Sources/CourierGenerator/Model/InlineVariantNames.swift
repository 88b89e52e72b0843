/// Names the type of a union variant declared inline after its case, not its position:
/// `.street(DeliveryStreet)` rather than `.street(DeliveryCase1)`, and Stripe's
/// `.now(PostSubscriptionsRequestTrialEndNow)`.
///
/// A variant's type is named when the variant is converted, but its case is named later, by
/// ``UnionEvidence``, from what identifies the variant once every declaration is known (a tag's
/// value, a one-value enum, a `title`, its only key, its JSON kind). So the description is
/// converted once to learn the case names, and again with them: each variant that got a name
/// is found by where it is in the description, so a variant reached from several places, and
/// the inline types inside it (`DeliveryStreetAddress`), are named the same way in each.
/// A name another type already holds keeps the positional one.
enum InlineVariantNames {
    /// The case name of every variant declared inline whose case is named by its evidence, by
    /// where the variant is in the description; empty when there is none.
    ///
    /// - Parameters:
    ///   - declarations: The declarations once every union's cases are named.
    ///   - locations: For each union, by name, where each of its variants declared inline is.
    ///     A union that repeats another is an alias of it by now: its variants take the names
    ///     of the cases in the same places.
    static func caseNames(
        in declarations: [PlacedDeclaration], locations: [String: [DocumentSet.Reference?]]
    ) -> [DocumentSet.Reference: String] {
        let index = DeclarationIndex(declarations)
        var names: [DocumentSet.Reference: String] = [:]
        for (unionName, variantLocations) in locations {
            guard case .union(let model)? = index.declaration(of: .named(unionName)),
                model.cases.count == variantLocations.count
            else { continue }
            for (position, (unionCase, location)) in zip(model.cases, variantLocations).enumerated() {
                guard let location, unionCase.name != "case\(position + 1)" else { continue }
                names[location] = unionCase.name
            }
        }
        return names
    }
}
