// Command gen writes package spv's grammar tables from Khronos'
// machine-readable SPIR-V grammar: spirv.core.grammar.json, the
// GLSL.std.450, OpenCL.std, TOSA.001000.1 and Arm.ExperimentalMLOperations.1
// extended instruction set grammars, and the
// generator ids of the registry spir-v.xml, from the spirv-headers that
// ci/install-spirv-headers.sh installs under /opt/kiln/spirv-headers
// (Debian forky's package, pinned), and the few instructions and
// enumerants of MLIR's spirv dialect that no Khronos grammar has
// (mlir.grammar.json, beside this file).
//
// Usage, from spirv/spv (go generate runs it there):
//
//	go run ./internal/gen [-grammar DIR] [-registry FILE] [-out DIR]
//
// It uses only the standard library, so that regenerating needs nothing but
// Go and the grammar files.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	grammar := flag.String("grammar", "/opt/kiln/spirv-headers/unified1", "directory holding spirv.core.grammar.json and the extinst grammars")
	registry := flag.String("registry", "/opt/kiln/spirv-headers/spir-v.xml", "the SPIR-V registry file with the generator ids")
	out := flag.String("out", ".", "directory to write the generated files to")
	flag.Parse()
	if err := run(*grammar, *registry, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(grammar, registry, out string) error {
	m, err := load(grammar, registry)
	if err != nil {
		return fmt.Errorf("%v (run ci/install-spirv-headers.sh to install the grammar)", err)
	}
	files, err := generate(m)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(out, name), files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}
