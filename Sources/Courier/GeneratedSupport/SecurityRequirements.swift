/// Which credentials a generated client sends with an operation, from the security requirements
/// its description declares.
///
/// A requirement lists alternatives; each alternative names the schemes to send together. The
/// first alternative whose credentials are all set is sent. An empty alternative makes
/// authentication optional: when no other alternative can be met, nothing is sent. An operation
/// with no alternatives (`security: []`) is public and gets no credentials. When the description
/// declares no requirement at all, every credential that is set is sent.
@_spi(Generated) public enum SecurityRequirements {
    /// The schemes whose credentials to send.
    public enum Selection: Sendable, Equatable {
        /// Every scheme that has a credential: the description declares no requirement.
        case all
        /// These schemes only; none when the set is empty.
        case only(Set<String>)

        /// Whether a scheme's credential is sent.
        /// - Parameter scheme: The scheme's name in the description.
        /// - Returns: `true` when the selection includes it.
        public func includes(_ scheme: String) -> Bool {
            switch self {
            case .all: true
            case .only(let schemes): schemes.contains(scheme)
            }
        }
    }

    /// The schemes to send for an operation.
    /// - Parameters:
    ///   - alternatives: The operation's requirement; `nil` when the description declares none.
    ///   - isSet: Whether a credential is set for a scheme.
    /// - Returns: The schemes of the first alternative that can be met, or none.
    public static func schemesToSend(_ alternatives: [[String]]?, isSet: (String) -> Bool) -> Selection {
        guard let alternatives else { return .all }
        for alternative in alternatives where !alternative.isEmpty && alternative.allSatisfy(isSet) {
            return .only(Set(alternative))
        }
        return .only([])
    }
}
