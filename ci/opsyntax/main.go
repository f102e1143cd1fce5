// Command opsyntax counts, per dialect, the ops whose custom syntax is a
// declarative assembly format (OpDef.Format) and those with hand-written
// Parse/Print, for tracking the move to formats (issue #18):
//
//	go run ./ci/opsyntax
package main

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

func main() {
	var format, hand, generic int
	fmt.Printf("%-8s %6s %6s %8s\n", "dialect", "format", "hand", "generic")
	for _, d := range kiln.Dialects() {
		var f, h, g int
		// A loaded dialect's formatted ops have derived Parse/Print too,
		// so Format is looked at first.
		for _, op := range d.Ops {
			switch {
			case op.Format != nil:
				f++
			case op.Parse != nil || op.Print != nil:
				h++
			default:
				g++
			}
		}
		fmt.Printf("%-8s %6d %6d %8d\n", d.Name, f, h, g)
		format, hand, generic = format+f, hand+h, generic+g
	}
	fmt.Printf("%-8s %6d %6d %8d\n", "total", format, hand, generic)
}
