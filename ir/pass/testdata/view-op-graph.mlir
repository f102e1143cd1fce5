// RUN: kiln opt %s -view-op-graph -o /dev/null 2>&1 | FileCheck %s --check-prefix=DFG
// RUN: kiln opt %s -view-op-graph='print-data-flow-edges=false print-control-flow-edges=true print-attrs=false print-result-types=false' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CFG
// RUN: kiln opt %s -view-op-graph='max-label-len=4' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: kiln opt %s -view-op-graph | FileCheck %s --check-prefix=IR

// The graph goes to stderr; the IR is printed unchanged.
// IR: %[[R:.*]] = scf.for

// Ops are record nodes: operand ports, the name, the attributes (large
// dense data elided, splats whole, others cut at max-label-len, record
// characters escaped), result ports with types, colored by op name in the
// order a post-order walk meets the names. An op with regions is a cluster
// between an input bar and an output bar, kept around its blocks by
// invisible edges; uses of its operands inside come from the input bar.

// DFG-LABEL: digraph G {
// DFG-NEXT:    compound = true;
// DFG-NEXT:    subgraph cluster_1 {
// DFG-NEXT:      labeljust = "l";
// DFG-NEXT:      labelloc = "t";
// DFG-NEXT:      label = "builtin.module\l";
// DFG-NEXT:      v2 [label = " ", shape = plain];
// DFG-NEXT:      subgraph cluster_3 {
// DFG-NEXT:        v4 [label = " ", shape = plain];
// DFG-NEXT:        label = "";
// DFG-NEXT:        subgraph cluster_5 {
// DFG-NEXT:          labeljust = "l";
// DFG-NEXT:          labelloc = "t";
// DFG-NEXT:          label = "func.func\lfunction_type: (index, memref\<4xf32...\lsym_name: \"f\"\l";
// DFG-NEXT:          v6 [label = " ", shape = plain];
// DFG-NEXT:          subgraph cluster_7 {
// DFG-NEXT:            v8 [label = " ", shape = plain];
// DFG-NEXT:            label = "";
// DFG-NEXT:            v9 [label = "<res_arg0> %arg0 index", shape = Mrecord];
// DFG-NEXT:            v10 [label = "<res_arg1> %arg1 memref\<4xf32\>", shape = Mrecord];
// DFG-NEXT:            v11 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: 0 : index\l|{<res_c0> %c0 index}}", shape = Mrecord, style = filled];
// DFG-NEXT:            v12 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: [...] : tensor\<17xi32\>\l|{<res_cst> %cst tensor\<17xi32\>}}", shape = Mrecord, style = filled];
// DFG-NEXT:            v13 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: dense\<1.000000e+00\> : vector\<4xf32\>\l|{<res_cst_0> %cst_0 vector\<4xf32\>}}", shape = Mrecord, style = filled];
// DFG-NEXT:            v14 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: 0.000000e+00 : f32\l|{<res_cst_1> %cst_1 f32}}", shape = Mrecord, style = filled];
// DFG-NEXT:            v15 [fillcolor = "0.100000 0.3 0.95", label = "{{\{\{}}<arg_arg0_0> %arg0|<arg_arg0_1> %arg0}|arith.addi\l\loverflowFlags: #arith.overflow\<none...\l|{<res_0> %0 index}}", shape = Mrecord, style = filled];
// DFG-NEXT:            subgraph cluster_16 {
// DFG-NEXT:              labeljust = "l";
// DFG-NEXT:              labelloc = "t";
// DFG-NEXT:              label = "scf.for\l";
// DFG-NEXT:              v17 [fillcolor = "0.600000 0.3 0.95", label = "operands|<arg_c0> %c0|<arg_0> %0|<arg_arg0> %arg0|<arg_cst_1> %cst_1", shape = Mrecord, style = filled];
// DFG-NEXT:              subgraph cluster_18 {
// DFG-NEXT:                v19 [label = " ", shape = plain];
// DFG-NEXT:                label = "";
// DFG-NEXT:                v20 [label = "<res_arg2> %arg2 index", shape = Mrecord];
// DFG-NEXT:                v21 [label = "<res_arg3> %arg3 f32", shape = Mrecord];
// DFG-NEXT:                v22 [fillcolor = "0.200000 0.3 0.95", label = "{{\{\{}}<arg_arg1> %arg1|<arg_arg2> %arg2}|memref.load\l|{<res_2> %2 f32}}", shape = Mrecord, style = filled];
// DFG-NEXT:                v23 [fillcolor = "0.300000 0.3 0.95", label = "{{\{\{}}<arg_arg2> %arg2|<arg_0> %0}|arith.cmpi\l\lpredicate: 6 : i64\l|{<res_3> %3 i1}}", shape = Mrecord, style = filled];
// DFG-NEXT:                v24 [fillcolor = "0.400000 0.3 0.95", label = "{{\{\{}}<arg_3> %3|<arg_arg3> %arg3|<arg_2> %2}|arith.select\l|{<res_4> %4 f32}}", shape = Mrecord, style = filled];
// DFG-NEXT:                v25 [fillcolor = "0.500000 0.3 0.95", label = "{{\{\{}}<arg_4> %4}|scf.yield\l}", shape = Mrecord, style = filled];
// DFG-NEXT:              }
// DFG-NEXT:              v26 [fillcolor = "0.600000 0.3 0.95", label = "results|<res_1> %1 f32", shape = Mrecord, style = filled];
// DFG-NEXT:              v17 -> v19[style = invis];
// DFG-NEXT:              v25 -> v26[style = invis];
// DFG-NEXT:            }
// DFG-NEXT:            v27 [fillcolor = "0.700000 0.3 0.95", label = "{{\{\{}}<arg_1> %1}|func.return\l}", shape = Mrecord, style = filled];
// DFG-NEXT:          }
// DFG-NEXT:          v28 [label = " ", shape = plain];
// DFG-NEXT:          v6 -> v8[style = invis];
// DFG-NEXT:          v27 -> v28[style = invis];
// DFG-NEXT:        }
// DFG-NEXT:      }
// DFG-NEXT:      v29 [label = " ", shape = plain];
// DFG-NEXT:      v2 -> v4[style = invis];
// DFG-NEXT:      v6 -> v29[style = invis];
// DFG-NEXT:    }
// DFG-NEXT:    v9:res_arg0:s -> v15:arg_arg0_0:n[style = solid];
// DFG-NEXT:    v9:res_arg0:s -> v15:arg_arg0_1:n[style = solid];
// DFG-NEXT:    v10:res_arg1:s -> v22:arg_arg1:n[style = solid];
// DFG-NEXT:    v20:res_arg2:s -> v22:arg_arg2:n[style = solid];
// DFG-NEXT:    v20:res_arg2:s -> v23:arg_arg2:n[style = solid];
// DFG-NEXT:    v17:arg_0:s -> v23:arg_0:n[style = solid];
// DFG-NEXT:    v23:res_3:s -> v24:arg_3:n[style = solid];
// DFG-NEXT:    v21:res_arg3:s -> v24:arg_arg3:n[style = solid];
// DFG-NEXT:    v22:res_2:s -> v24:arg_2:n[style = solid];
// DFG-NEXT:    v24:res_4:s -> v25:arg_4:n[style = solid];
// DFG-NEXT:    v11:res_c0:s -> v17:arg_c0:n[style = solid];
// DFG-NEXT:    v15:res_0:s -> v17:arg_0:n[style = solid];
// DFG-NEXT:    v9:res_arg0:s -> v17:arg_arg0:n[style = solid];
// DFG-NEXT:    v14:res_cst_1:s -> v17:arg_cst_1:n[style = solid];
// DFG-NEXT:    v26:res_1:s -> v27:arg_1:n[style = solid];
// DFG-NEXT:  }

// Control flow edges (dashed) join the consecutive ops of a block, from
// one op's node (a region op's input bar) to the next's, each once the
// next op (and its regions) is out.
// CFG:     v17 [fillcolor = "0.600000 0.3 0.95", label = "operands|<arg_c0> %c0|<arg_0> %0|<arg_arg0> %arg0|<arg_cst_1> %cst_1", shape = Mrecord, style = filled];
// CFG:     v22 [fillcolor = "0.200000 0.3 0.95", label = "{{\{\{}}<arg_arg1> %arg1|<arg_arg2> %arg2}|memref.load\l|{<res_2> %2}}", shape = Mrecord, style = filled];
// CFG:      v11 -> v12[style = dashed];
// CFG-NEXT: v12 -> v13[style = dashed];
// CFG-NEXT: v13 -> v14[style = dashed];
// CFG-NEXT: v14 -> v15[style = dashed];
// CFG-NEXT: v22 -> v23[style = dashed];
// CFG-NEXT: v23 -> v24[style = dashed];
// CFG-NEXT: v24 -> v25[style = dashed];
// CFG-NEXT: v15 -> v17[style = dashed];
// CFG-NEXT: v17 -> v27[style = dashed];
// CFG-NEXT: }
// CFG-NOT:  solid

// SHORT: v11 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: 0 : ...\l|{<res_c0> %c0 inde...}}", shape = Mrecord, style = filled];

func.func @f(%a: index, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %big = arith.constant dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>
  %s = arith.constant dense<1.0> : vector<4xf32>
  %init = arith.constant 0.0 : f32
  %sum = arith.addi %a, %a : index
  %r = scf.for %i = %c0 to %sum step %a iter_args(%acc = %init) -> (f32) {
    %x = memref.load %m[%i] : memref<4xf32>
    %c = arith.cmpi ult, %i, %sum : index
    %y = arith.select %c, %acc, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}
