package ir

import (
	"strconv"
	"strings"
	"testing"
)

// TestResourceSharedByParallelParse checks that the sub-parsers of a
// parallel parse give one name one handle, whose blob the section after
// the module sets.
func TestResourceSharedByParallelParse(t *testing.T) {
	ctx := NewContext(isoDialect)
	ctx.SetAllowUnregisteredDialects(true)
	use := `"p.x"() {a = dense_resource<r> : tensor<2xi8>} : () -> ()`
	src := "module {\n" + strings.ReplaceAll(isoBody(1000, -1, ""), `"p.x"() : () -> ()`, use) +
		"\n{-# dialect_resources: { builtin: { r: \"0x010000000102\" } } #-}\n"
	m, err := Parse(ctx, src, "r.mlir")
	if err != nil {
		t.Fatal(err)
	}
	handles := map[*ResourceHandle]int{}
	m.Walk(func(op *Operation) bool {
		if a, ok := op.Attr("a").(*DenseResourceElementsAttr); ok {
			handles[a.Handle()]++
		}
		return true
	})
	if len(handles) != 1 {
		t.Fatalf("%d handles for one resource name, want 1", len(handles))
	}
	for h, n := range handles {
		data, align, ok := h.Blob()
		if n != 2000 || h.Key() != "r" || !ok || align != 1 || string(data) != "\x01\x02" {
			t.Fatalf("handle %q used %d times, blob %x align %d set %v", h.Key(), n, data, align, ok)
		}
	}
	out := string(PrintBytes(m, PrintOptions{}))
	if strings.Count(out, `r: "0x010000000102"`) != 1 {
		t.Fatalf("blob not printed once:\n%s", out[len(out)-200:])
	}
}

// TestResourceNamesPerParse checks that two files parsed into one context
// keep their own blobs: the second's name takes a suffix, as in MLIR.
func TestResourceNamesPerParse(t *testing.T) {
	ctx := NewContext()
	ctx.SetAllowUnregisteredDialects(true)
	file := func(blob string) string {
		return `"t.op"() {a = dense_resource<b> : tensor<1xi8>} : () -> ()` +
			"\n{-# dialect_resources: { builtin: { b: \"0x01000000" + blob + "\" } } #-}\n"
	}
	first, err := Parse(ctx, file("AA"), "a.mlir")
	if err != nil {
		t.Fatal(err)
	}
	second, err := Parse(ctx, file("BB"), "b.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    *Operation
		want string
	}{
		{first, "dense_resource<b> : tensor<1xi8>"},
		{first, `b: "0x01000000AA"`},
		{second, "dense_resource<b_1> : tensor<1xi8>"},
		{second, `b_1: "0x01000000BB"`},
	} {
		if out := string(PrintBytes(c.m, PrintOptions{})); !strings.Contains(out, c.want) {
			t.Errorf("want %q in\n%s", c.want, out)
		}
	}
}

// TestDenseFromRawBuffer checks MLIR's rule for a blob's size: one
// element (a splat) or all of them.
func TestDenseFromRawBuffer(t *testing.T) {
	ctx := NewContext()
	i32 := ctx.IntegerType(32, Signless)
	v := ctx.Vector([]int64{2}, i32)
	for _, c := range []struct {
		raw   string
		ok    bool
		splat bool
	}{
		{"\x01\x00\x00\x00", true, true},
		{"\x01\x00\x00\x00\x02\x00\x00\x00", true, false},
		{"\x01\x00\x00\x00\x02\x00\x00", false, false},
		{"", false, false},
		{"\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00", false, false},
	} {
		d, ok := ctx.DenseFromRawBuffer(v, []byte(c.raw))
		if ok != c.ok || ok && d.IsSplat() != c.splat {
			t.Errorf("%x: ok %v, want %v (splat %v)", c.raw, ok, c.ok, c.splat)
		}
	}
	if _, ok := ctx.DenseFromRawBuffer(ctx.Tensor([]int64{Dynamic}, i32, nil), []byte("\x01\x00\x00\x00")); ok {
		t.Error("a dynamic shape took a blob")
	}
}

// TestExternalResourceHandler checks that a group with a handler is handed
// over, entry by entry, with located errors, and not kept to print back;
// other groups pass through.
func TestExternalResourceHandler(t *testing.T) {
	src := "module {\n}\n{-#\n  external_resources: {\n    mine: {\n      s: \"a\\nb\",\n      b: true\n    },\n    other: {\n      k: false\n    }\n  }\n#-}\n"
	ctx := NewContext()
	var got []string
	ctx.HandleExternalResources("mine", func(e *ResourceEntry) error {
		if e.Key == "s" {
			s, err := e.AsString()
			got = append(got, e.Key+"="+s)
			return err
		}
		b, err := e.AsBool()
		got = append(got, e.Key+"="+strconv.FormatBool(b))
		return err
	})
	m, err := Parse(ctx, src, "x.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != "s=a\nb,b=true" {
		t.Errorf("handler got %q", got)
	}
	out := string(PrintBytes(m, PrintOptions{}))
	if strings.Contains(out, "mine") || !strings.Contains(out, "other: {\n      k: false") {
		t.Errorf("printed\n%s", out)
	}
	for _, tc := range []struct{ entry, want string }{
		{`s: true`, "x.mlir:1:47: error: expected string value for key 's'"},
		{`b: "yes"`, "x.mlir:1:47: error: expected 'true' or 'false' value for key 'b'"},
		{`b: 1`, "x.mlir:1:47: error: expected 'true' or 'false' value for key 'b'"},
		{`z: true`, "x.mlir:1:44: error: unknown key 'z'"},
	} {
		ctx := NewContext()
		ctx.HandleExternalResources("mine", func(e *ResourceEntry) error {
			switch e.Key {
			case "s":
				_, err := e.AsString()
				return err
			case "b":
				_, err := e.AsBool()
				return err
			}
			return e.Errorf("unknown key '%s'", e.Key)
		})
		_, err := Parse(ctx, "module {}{-# external_resources: { mine: { "+tc.entry+" } } #-}", "x.mlir")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: err = %v, want %s", tc.entry, err, tc.want)
		}
	}
}

// TestPrintWithResources checks that the group given replaces the
// context's external resources, after the dialect resources.
func TestPrintWithResources(t *testing.T) {
	ctx := NewContext(isoDialect)
	ctx.SetAllowUnregisteredDialects(true)
	m, err := Parse(ctx, "\"p.x\"() {a = dense_resource<r> : tensor<2xi8>} : () -> ()\n{-# dialect_resources: { builtin: { r: \"0x010000000102\" } }, external_resources: { old: { k: true } } #-}", "r.mlir")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := PrintWithResources(&b, m, PrintOptions{}, "new", []ExternalResource{{"p", "a\"b"}, {"q", false}}); err != nil {
		t.Fatal(err)
	}
	want := `module {
  "p.x"() {a = dense_resource<r> : tensor<2xi8>} : () -> ()
}

{-#
  dialect_resources: {
    builtin: {
      r: "0x010000000102"
    }
  },
  external_resources: {
    new: {
      p: "a\22b",
      q: false
    }
  }
#-}
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
