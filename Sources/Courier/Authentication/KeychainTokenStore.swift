#if canImport(Security)
    import Foundation
    import Security

    /// Keeps tokens in the Keychain as a generic password, so a session survives relaunches.
    ///
    /// The item is readable after the device's first unlock, so background refreshes work.
    public struct KeychainTokenStore: TokenStore {
        /// The Keychain service name, such as your app's bundle identifier.
        public let service: String
        /// The account name, to keep several sessions apart.
        public let account: String

        /// Creates a store.
        /// - Parameters:
        ///   - service: The Keychain service name.
        ///   - account: The account name.
        public init(service: String, account: String = "default") {
            self.service = service
            self.account = account
        }

        /// Reads the tokens, or `nil` when there are none or they cannot be read.
        public func tokens() async -> AuthTokens? {
            var query = baseQuery
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var item: CFTypeRef?
            guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let data = item as? Data else {
                return nil
            }
            return try? JSONDecoder().decode(AuthTokens.self, from: data)
        }

        /// Replaces the stored tokens; `nil` deletes them.
        /// - Parameter tokens: The new tokens.
        public func setTokens(_ tokens: AuthTokens?) async {
            SecItemDelete(baseQuery as CFDictionary)
            guard let tokens, let data = try? JSONEncoder().encode(tokens) else { return }
            var query = baseQuery
            query[kSecValueData as String] = data
            query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            SecItemAdd(query as CFDictionary, nil)
        }

        private var baseQuery: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }
    }
#endif
