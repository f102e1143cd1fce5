// Command opsyntax counts, per dialect, the ops whose custom syntax is a
// declarative assembly format (OpDef.Format) and those with hand-written
// Parse/Print, for tracking the move to formats (issue #18); -list names
// the hand-written ones:
//
//	go run ./ci/opsyntax [-list]
package main

import (
	"flag"
	"fmt"

	"github.com/kiln-gpu/kiln"
)

func main() {
	list := flag.Bool("list", false, "name the ops with hand-written syntax")
	flag.Parse()
	var format, hand, generic int
	var handOps []string
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
				handOps = append(handOps, op.Name)
			default:
				g++
			}
		}
		fmt.Printf("%-8s %6d %6d %8d\n", d.Name, f, h, g)
		format, hand, generic = format+f, hand+h, generic+g
	}
	fmt.Printf("%-8s %6d %6d %8d\n", "total", format, hand, generic)
	if *list {
		fmt.Println()
		for _, n := range handOps {
			fmt.Println(n)
		}
	}
}
