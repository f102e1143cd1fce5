package ir

import (
	"strings"
	"testing"
)

// TestAliasEdgesOncePerPair checks that the dry run records which aliased
// attribute holds which once per pair, however many uses there are and
// however many parallel workers' dry runs are merged.
func TestAliasEdgesOncePerPair(t *testing.T) {
	ctx := NewContext(isoDialect)
	ctx.SetAllowUnregisteredDialects(true)
	use := "p.iso {\n  \"p.x\"() {a = distinct[2]<[distinct[1]<[distinct[0]<affine_map<(d0) -> (d0)>>, affine_map<(d0) -> (d0)>]>]>} : () -> ()\n}\n"
	m, err := Parse(ctx, strings.Repeat(use, 2000), "edges.mlir")
	if err != nil {
		t.Fatal(err)
	}
	c := (&Printer{}).dryRun(m)
	// distinct[2] holds distinct[1], which holds distinct[0] and the map,
	// which distinct[0] holds too.
	if len(c.edges) != 4 {
		t.Errorf("%d edges, want 4: %v", len(c.edges), c.edges)
	}
	got := string(PrintBytes(m, PrintOptions{}))
	want := `#map = affine_map<(d0) -> (d0)>
#distinct = distinct[0]<#map>
#distinct1 = distinct[1]<[#distinct, #map]>
#distinct2 = distinct[2]<[#distinct1]>
`
	if !strings.HasPrefix(got, want) {
		t.Errorf("got\n%.300s\nwant prefix\n%s", got, want)
	}
}
