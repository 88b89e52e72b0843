/// Facts about this build of Courier.
package enum CourierInfo {
    /// Courier's version (semantic versioning), as sent in the default `User-Agent`.
    ///
    /// The one place the version is written. `CourierInfoTests` fails when the README's SwiftPM
    /// snippet names another version, or when the commit under test carries a release tag
    /// (`1.2.0` or `v1.2.0`) for another one, so a release cannot ship with a stale value.
    package static let version = "0.10.0"
}
