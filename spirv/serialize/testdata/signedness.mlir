// RUN: kiln translate --deserialize-spirv "$(dirname %s)/spvasm/signedness.spv" | FileCheck %s
// RUN: kiln translate --deserialize-spirv "$(dirname %s)/spvasm/signedness.spv" | kiln translate --test-spirv-roundtrip - | FileCheck %s

// Integer instructions whose operands differ from their result, or from
// each other, in signedness only (spvasm/signedness.spvasm): the operands
// that differ are bitcast to the type the op takes (uint is i32, int is
// si32), which keeps their bits; results keep their instruction's type.
// The second run checks that the casts survive a round trip unchanged.

// CHECK-LABEL: spirv.func @main
// CHECK: %[[UA:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i32
// CHECK: %[[UB:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i32
// CHECK: %[[SA:.*]] = spirv.Bitcast %[[UA]] : i32 to si32
// CHECK: %[[SB:.*]] = spirv.Bitcast %[[UB]] : i32 to si32

// Comparisons: the second operand takes the first's type.
// CHECK: %[[UBS:.*]] = spirv.Bitcast %[[UB]] : i32 to si32
// CHECK: spirv.SLessThan %[[SA]], %[[UBS]] : si32
// CHECK: %[[VA:.*]] = spirv.CompositeConstruct %[[SA]], %[[SB]] : (si32, si32) -> vector<2xsi32>
// CHECK: %[[VB:.*]] = spirv.CompositeConstruct %[[UB]], %[[UA]] : (i32, i32) -> vector<2xi32>
// CHECK: %[[VAU:.*]] = spirv.Bitcast %[[VA]] : vector<2xsi32> to vector<2xi32>
// CHECK: spirv.IAdd %[[VAU]], %[[VB]] : vector<2xi32>
// CHECK: %[[VBS:.*]] = spirv.Bitcast %[[VB]] : vector<2xi32> to vector<2xsi32>
// CHECK: spirv.IEqual %[[VA]], %[[VBS]] : vector<2xsi32>

// Ops with one type take their result's.
// CHECK: %[[C0:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: %[[C1:.*]] = spirv.Bitcast %[[SB]] : si32 to i32
// CHECK: spirv.IAdd %[[C0]], %[[C1]] : i32
// CHECK: %[[C2:.*]] = spirv.Bitcast %[[UA]] : i32 to si32
// CHECK: spirv.ISub %[[C2]], %[[SB]] : si32
// CHECK: %[[C3:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: spirv.IMul %[[C3]], %[[UB]] : i32
// CHECK: %[[C4:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: %[[C5:.*]] = spirv.Bitcast %{{.*}} : si32 to i32
// CHECK: spirv.SDiv %[[C4]], %[[C5]] : i32
// CHECK: %[[C6:.*]] = spirv.Bitcast %[[UA]] : i32 to si32
// CHECK: spirv.SMod %[[C6]], %{{.*}} : si32
// CHECK: %[[C7:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: spirv.SNegate %[[C7]] : i32
// CHECK: %[[C8:.*]] = spirv.Bitcast %[[UA]] : i32 to si32
// CHECK: spirv.Not %[[C8]] : si32
// CHECK: %[[C9:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: spirv.BitwiseXor %[[C9]], %[[UB]] : i32

// Shifts: the base takes the result's type; the shift keeps its own.
// CHECK: %[[C10:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: spirv.ShiftRightArithmetic %[[C10]], %{{.*}} : i32, i32
// CHECK: %[[C11:.*]] = spirv.Bitcast %[[UA]] : i32 to si32
// CHECK: spirv.ShiftLeftLogical %[[C11]], %{{.*}} : si32, si32

// GLSL.std.450's integer instructions and OpBitCount likewise.
// CHECK: %[[C12:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: %[[C13:.*]] = spirv.Bitcast %[[SB]] : si32 to i32
// CHECK: spirv.GL.SMax %[[C12]], %[[C13]] : i32
// CHECK: %[[C14:.*]] = spirv.Bitcast %[[UA]] : i32 to si32
// CHECK: spirv.GL.UMin %[[C14]], %[[SB]] : si32
// CHECK: %[[C15:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: spirv.GL.SAbs %[[C15]] : i32
// CHECK: %[[C16:.*]] = spirv.Bitcast %[[SA]] : si32 to i32
// CHECK: spirv.BitCount %[[C16]] : i32
