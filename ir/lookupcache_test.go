package ir

import (
	"slices"
	"strconv"
	"testing"
)

// filterAttrs keeps the order of what it does not elide and returns the
// list itself when it elides nothing.
func TestFilterAttrs(t *testing.T) {
	ctx := NewContext()
	u := ctx.UnitAttr()
	attrs := []NamedAttr{{"a", u}, {"b", u}, {"c", u}, {"d", u}}
	names := func(as []NamedAttr) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.Name)
		}
		return out
	}
	for _, tc := range []struct {
		elided, want []string
	}{
		{nil, []string{"a", "b", "c", "d"}},
		{[]string{"x"}, []string{"a", "b", "c", "d"}},
		{[]string{"a"}, []string{"b", "c", "d"}},
		{[]string{"b", "d"}, []string{"a", "c"}},
		{[]string{"d", "c", "b", "a"}, nil},
	} {
		got := filterAttrs(attrs, tc.elided)
		if !slices.Equal(names(got), tc.want) {
			t.Errorf("elided %v: got %v, want %v", tc.elided, names(got), tc.want)
		}
		if len(got) == len(attrs) && &got[0] != &attrs[0] {
			t.Errorf("elided %v: copied a list it did not change", tc.elided)
		}
	}
	if !slices.Equal(names(attrs), []string{"a", "b", "c", "d"}) {
		t.Errorf("the input changed: %v", names(attrs))
	}
}

// Op names whose cache slots collide still find their own info, and a
// name that is not registered is not cached as one.
func TestParserOpCache(t *testing.T) {
	d := &Dialect{Name: "t"}
	for i := range 1000 { // far more names than slots
		d.Ops = append(d.Ops, &OpDef{Name: "t.op" + strconv.Itoa(i)})
	}
	ctx := NewContext(d)
	p := newParser(ctx, "", "t")
	var names []string
	for name := range ctx.infos {
		names = append(names, name)
	}
	for range 3 {
		for _, name := range names {
			if got := p.registeredInfo(name); got != ctx.infos[name] {
				t.Fatalf("registeredInfo(%q) = %v, want %v", name, got, ctx.infos[name])
			}
		}
	}
	if got := p.registeredInfo("nodialect.op"); got != nil {
		t.Errorf("registeredInfo of an unknown op = %v, want nil", got)
	}
	for _, name := range names {
		if got := ctx.createdInfo(name); got != ctx.infos[name] {
			t.Fatalf("createdInfo(%q) = %v, want %v", name, got, ctx.infos[name])
		}
	}
}
