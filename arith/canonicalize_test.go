package arith

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

func TestPatterns(t *testing.T) {
	// Each source's last op is rewritten by the first of its patterns that
	// applies; want is the printed module body afterwards.
	tests := []struct{ name, src, want string }{
		{"addi reassociates constants",
			"%x = \"test.def\"() : () -> i32\n%c1 = arith.constant 1 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.addi %x, %c1 : i32\n%r = arith.addi %a, %c2 : i32\n\"test.use\"(%r) : (i32) -> ()",
			"%c3_i32 = arith.constant 3 : i32\n%2 = arith.addi %0, %c3_i32 : i32"},
		{"xori of cmpi with true",
			"%a = \"test.def\"() : () -> i32\n%b = \"test.def\"() : () -> i32\n%t = arith.constant true\n%c = arith.cmpi slt, %a, %b : i32\n%r = arith.xori %c, %t : i1\n\"test.use\"(%r) : (i1) -> ()",
			"%3 = arith.cmpi sge, %0, %1 : i32"},
		{"select false, true is not",
			"%c = \"test.def\"() : () -> i1\n%f = arith.constant false\n%t = arith.constant true\n%r = arith.select %c, %f, %t : i1\n\"test.use\"(%r) : (i1) -> ()",
			"%true_0 = arith.constant true\n%1 = arith.xori %0, %true_0 : i1"},
		{"extsi of extui",
			"%x = \"test.def\"() : () -> i8\n%e = arith.extui %x : i8 to i16\n%r = arith.extsi %e : i16 to i32\n\"test.use\"(%r) : (i32) -> ()",
			"%2 = arith.extui %0 : i8 to i32"},
		{"select of 1, 0 is extui",
			"%c = \"test.def\"() : () -> i1\n%one = arith.constant 1 : i32\n%zero = arith.constant 0 : i32\n%r = arith.select %c, %one, %zero : i32\n\"test.use\"(%r) : (i32) -> ()",
			"%1 = arith.extui %0 : i1 to i32"},
		{"select of not",
			"%c = \"test.def\"() : () -> i1\n%a = \"test.def\"() : () -> f32\n%b = \"test.def\"() : () -> f32\n%t = arith.constant true\n%n = arith.xori %c, %t : i1\n%r = arith.select %n, %a, %b : f32\n\"test.use\"(%r) : (f32) -> ()",
			"%4 = arith.select %0, %2, %1 : f32"},
		{"redundant select",
			"%c = \"test.def\"() : () -> i1\n%a = \"test.def\"() : () -> f32\n%b = \"test.def\"() : () -> f32\n%s = arith.select %c, %a, %b : f32\n%r = arith.select %c, %s, %b : f32\n\"test.use\"(%r) : (f32) -> ()",
			"%4 = arith.select %0, %1, %2 : f32"},
		{"cmpi of extsi",
			"%a = \"test.def\"() : () -> i8\n%b = \"test.def\"() : () -> i8\n%x = arith.extsi %a : i8 to i32\n%y = arith.extsi %b : i8 to i32\n%r = arith.cmpi ne, %x, %y : i32\n\"test.use\"(%r) : (i1) -> ()",
			"%4 = arith.cmpi ne, %0, %1 : i8"},
		{"addi of negation",
			"%x = \"test.def\"() : () -> i32\n%y = \"test.def\"() : () -> i32\n%m = arith.constant -1 : i32\n%n = arith.muli %y, %m : i32\n%r = arith.addi %x, %n : i32\n\"test.use\"(%r) : (i32) -> ()",
			"%3 = arith.subi %0, %1 : i32"},
		{"index_cast of extsi",
			"%x = \"test.def\"() : () -> i8\n%e = arith.extsi %x : i8 to i32\n%r = arith.index_cast %e : i32 to index\n\"test.use\"(%r) : (index) -> ()",
			"%2 = arith.index_cast %0 : i8 to index"},
		{"mului_extended without high half",
			"%a = \"test.def\"() : () -> i32\n%b = \"test.def\"() : () -> i32\n%r:2 = arith.mului_extended %a, %b : i32\n\"test.use\"(%r#0) : (i32) -> ()",
			"%2 = arith.muli %0, %1 : i32\n\"test.use\"(%2) : (i32) -> ()"},
		{"mulf of negations",
			"%x = \"test.def\"() : () -> f32\n%y = \"test.def\"() : () -> f32\n%a = arith.negf %x : f32\n%b = arith.negf %y : f32\n%r = arith.mulf %a, %b fastmath<fast> : f32\n\"test.use\"(%r) : (f32) -> ()",
			"%4 = arith.mulf %0, %1 fastmath<fast> : f32"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newContext()
			m, err := ir.Parse(ctx, tc.src, "p.mlir")
			if err != nil {
				t.Fatal(err)
			}
			op := ir.ModuleBody(m).Last().PrevOp()
			rw := ir.NewRewriter(ctx, nil)
			applied := false
			for _, p := range op.Def().Canonicalize {
				if applied = p.Rewrite(op, rw); applied {
					break
				}
			}
			if !applied {
				t.Fatal("no pattern applied")
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify: %v", err)
			}
			got := string(ir.PrintBytes(m, ir.PrintOptions{}))
			if !strings.Contains(strings.ReplaceAll(got, "\n  ", "\n"), tc.want) {
				t.Errorf("got\n%s\nwant it to contain\n%s", got, tc.want)
			}
		})
	}
}
