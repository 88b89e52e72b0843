"""The temporary package the scripts that decode payloads with generated code build
(`example-checks.py`, `random-schemas.py`): a generated module `API` in `Sources/API` and an
executable `Check` beside it that depends on it and on CourierTesting."""
import os, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PACKAGE = """// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "{package}", platforms: [.macOS(.v13)],
    dependencies: [.package(path: "{root}")],
    targets: [
        .target(name: "API", dependencies: [.product(name: "Courier", package: "{name}")], path: "Sources/API"),
        .executableTarget(
            name: "Check", dependencies: ["API", .product(name: "CourierTesting", package: "{name}")],
            path: "Sources/Check"),
    ],
    swiftLanguageModes: [.v6])
"""


def courier_binary():
    """Builds the `courier` command of this checkout and returns its path."""
    subprocess.run(["swift", "build", "--product", "courier"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout.strip()
    return os.path.join(bin_path, "courier")


def write_package(work, package, main):
    """Writes the package's manifest and the `Check` executable's `main.swift` into `work`."""
    os.makedirs(os.path.join(work, "Sources", "Check"), exist_ok=True)
    with open(os.path.join(work, "Package.swift"), "w") as f:
        f.write(PACKAGE.format(package=package, root=ROOT, name=os.path.basename(ROOT)))
    with open(os.path.join(work, "Sources", "Check", "main.swift"), "w") as f:
        f.write(main)


def checks_main(checks, after=""):
    """The `Check` executable's `main.swift` that runs each `DescriptionExample` of `checks` (a
    Swift expression), prints a `FINDING` line for each that fails or is not faithful, and a
    `SUMMARY <checks> <findings>` line; then the Swift statements `after`."""
    return """import API
import CourierTesting

let examples: [DescriptionExample] = %s
var findings = 0
for example in examples {
    do {
        let result = try example.check()
        if !result.isFaithful {
            findings += 1
            print("FINDING \\(example.name): changed \\(result.changed.prefix(3).map(\\.description)) "
                + "dropped \\(result.dropped.prefix(3)) \\(result.wrongVariant ?? "") "
                + "undocumented \\(result.undocumented.prefix(3))")
        }
    } catch {
        findings += 1
        print("FINDING \\(example.name): \\(error)")
    }
}
print("SUMMARY \\(examples.count) \\(findings)")
%s""" % (checks, after)
