#!/usr/bin/env python3
"""Lists the public symbols that have no documentation comment, from the compiler's symbol
graphs (the folders Scripts/docs.sh writes), and exits 1 if there is any.

    python3 Scripts/documentation-coverage.py SYMBOL_GRAPH_DIR...

Members the compiler synthesizes (Equatable's ==, Codable's init(from:): they have no source
location) and implementations
that take their documentation from the protocol requirement they fulfil are not counted: DocC
shows the requirement's comment for them.
"""
import json, os, sys


def undocumented(directory):
    missing = []
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".symbols.json"):
            continue
        graph = json.load(open(os.path.join(directory, name)))
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if symbol.get("spi") or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            if symbol.get("docComment") or symbol.get("sourceOrigin"):
                continue
            location = symbol.get("location")
            if not location:
                continue  # Synthesized by the compiler (Codable's init(from:), a raw value's init).
            where = os.path.basename(location.get("uri", "")) + ":" + str(location.get("position", {}).get("line", 0) + 1)
            missing.append(f"{where}: {symbol['kind']['displayName'].lower()} {'.'.join(symbol['pathComponents'])}")
    return missing


def main():
    missing = [line for directory in sys.argv[1:] for line in undocumented(directory)]
    if missing:
        print(f"{len(missing)} public symbols have no documentation comment:")
        for line in missing:
            print("  " + line)
        sys.exit(1)
    print("Every public symbol has a documentation comment.")


if __name__ == "__main__":
    main()
