package pass_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// typed is a pass with one option of each kind.
func typed() *pass.Pass {
	return &pass.Pass{Name: "Typed", Argument: "typed",
		Options: []pass.Option{
			{Name: "b", Kind: pass.BoolOption, Default: "false"},
			{Name: "i", Kind: pass.IntOption, Default: "0"},
			{Name: "u", Kind: pass.UnsignedOption, Default: "0"},
			{Name: "l", Kind: pass.Int64Option, Default: "0"},
			{Name: "e", Kind: pass.EnumOption, Default: "one", Values: []string{"one", "two"}},
			{Name: "ints", Kind: pass.ListOption, Elem: pass.Int64Option},
			{Name: "uints", Kind: pass.ListOption, Elem: pass.UnsignedOption, Default: "8"},
			{Name: "strs", Kind: pass.ListOption},
		},
		Run: func(*ir.Operation, *pass.Context) error { return nil }}
}

func parseTyped(t *testing.T, opts string) (*pass.Options, error) {
	t.Helper()
	reg := pass.Registry{}
	reg.Add(typed)
	p, err := pass.Parse("builtin.module(typed{"+opts+"})", reg)
	if err != nil {
		return nil, err
	}
	return p.Steps[0].Pass.Opts(), nil
}

// Each kind reads MLIR's spellings: integers in any radix llvm accepts,
// booleans in three cases, lists that accumulate over repeated keys.
func TestOptionKindsParse(t *testing.T) {
	o, err := parseTyped(t, "b=TRUE i=-0x10 u=0b101 l=-9000000000 e=two ints=1,-2 ints=3 uints=16 strs=a,b")
	if err != nil {
		t.Fatal(err)
	}
	if !o.Bool("b") || o.Int("i") != -16 || o.Int("u") != 5 || o.Int("l") != -9000000000 || o.String("e") != "two" {
		t.Errorf("scalars: b=%v i=%d u=%d l=%d e=%s", o.Bool("b"), o.Int("i"), o.Int("u"), o.Int("l"), o.String("e"))
	}
	if got := o.Ints("ints"); !slices.Equal(got, []int64{1, -2, 3}) {
		t.Errorf("ints = %v", got)
	}
	// A list given replaces its default.
	if got := o.Ints("uints"); !slices.Equal(got, []int64{16}) {
		t.Errorf("uints = %v", got)
	}
	if got := o.List("strs"); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("strs = %v", got)
	}
	o, err = parseTyped(t, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := o.Ints("uints"); !slices.Equal(got, []int64{8}) {
		t.Errorf("default uints = %v", got)
	}
}

// A value that is not of its option's kind is a pipeline error with
// llvm::cl's wording, its caret on the value.
func TestOptionKindsDiagnostics(t *testing.T) {
	for _, tc := range []struct{ opts, want string }{
		{"b=yes", "1:24: error: for the --b option: 'yes' is invalid value for boolean argument! Try 0 or 1"},
		{"i=x", "1:24: error: for the --i option: 'x' value invalid for integer argument!"},
		{"i=2147483648", "for the --i option: '2147483648' value invalid for integer argument!"},
		{"u=-1", "1:24: error: for the --u option: '-1' value invalid for uint argument!"},
		{"u=4294967296", "for the --u option: '4294967296' value invalid for uint argument!"},
		{"l=9223372036854775808", "for the --l option: '9223372036854775808' value invalid for long argument!"},
		{"l=1_0", "for the --l option: '1_0' value invalid for long argument!"},
		{"l=+1", "for the --l option: '+1' value invalid for long argument!"},
		{"u=0O7", "for the --u option: '0O7' value invalid for uint argument!"},
		{"e=three", "1:24: error: for the --e option: Cannot find option named 'three'!"},
		{"b ints=1,x,3", "1:29: error: for the --ints option: 'x' value invalid for long argument!"},
		{"uints=8,-16", "for the --uints option: '-16' value invalid for uint argument!"},
		{"i=1 nope=2", "1:26: error: no such option nope"},
		{"strs={a", "1:21: error: missing closing '}' while processing pass options"},
	} {
		_, err := parseTyped(t, tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.opts, err, tc.want)
		}
	}
}

// The printed pipeline shows typed values normalized, and reads back.
func TestOptionKindsPrint(t *testing.T) {
	reg := pass.Registry{}
	reg.Add(typed)
	p, err := pass.Parse("builtin.module(typed{i=0x10 b=1 ints=1 ints=2,3 e=two})", reg)
	if err != nil {
		t.Fatal(err)
	}
	want := "builtin.module(typed{b=true e=two i=16 ints={1,2,3} l=0  u=0 uints={8}})"
	if got := p.String(); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	q, err := pass.Parse(want, reg)
	if err != nil || q.String() != want {
		t.Errorf("reparse: %v, %v", q, err)
	}
}

// An option's Check runs as the pipeline is parsed: a value it refuses is
// an error located on the value in the pipeline text, in the check's
// words; a list's check sees all its elements, repeated keys included.
func TestOptionCheck(t *testing.T) {
	reg := pass.Registry{}
	reg.Add(func() *pass.Pass {
		return &pass.Pass{Name: "Checked", Argument: "checked",
			Options: []pass.Option{
				{Name: "n", Kind: pass.IntOption, Default: "1", Check: func(v string) error {
					if v == "0" {
						return fmt.Errorf("n must not be 0")
					}
					return nil
				}},
				{Name: "xs", Kind: pass.ListOption, Check: func(v string) error {
					if strings.Count(v, ",") > 1 {
						return fmt.Errorf("at most two xs, got %s", v)
					}
					return nil
				}},
			},
			Run: func(*ir.Operation, *pass.Context) error { return nil }}
	})
	for _, tc := range []struct{ opts, want string }{
		{"n=0x0", "pass pipeline:1:26: error: n must not be 0\nbuiltin.module(checked{n=0x0})\n                         ^"},
		{"xs=a xs=b,c", "pass pipeline:1:32: error: at most two xs, got a,b,c"},
	} {
		_, err := pass.Parse("builtin.module(checked{"+tc.opts+"})", reg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.opts, err, tc.want)
		}
	}
	for _, ok := range []string{"n=-3", "xs=a,b"} {
		if _, err := pass.Parse("builtin.module(checked{"+ok+"})", reg); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}
