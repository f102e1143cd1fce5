package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A badCase is one entry of the bad-input catalogue: a kiln command line
// run as a child process on an input, which must exit with the given status,
// print the message (a located diagnostic, or the command's own error for
// bad flags and unreadable inputs), stay under a peak memory and end within
// caseTimeout.
type badCase struct {
	name string
	// args is the command line; %s stands for the input's path.
	args string
	// The input: in (text written to a file), file (an existing path, as
	// /dev/zero, or one under testdata/badinput) or gen (built when the
	// case runs, for inputs too large to keep). stdin feeds it on standard
	// input instead, with "-" as the path.
	in    string
	file  string
	gen   func() []byte
	stdin bool
	exit  int
	// want must appear in stderr, %s replaced by the input's name.
	want string
	// maxRSS bounds the child's peak resident memory in MiB (default
	// defaultMaxRSS, or vulkanMaxRSS for cases that open a device).
	maxRSS int64
	vulkan bool // needs a Vulkan device
	// env is added to the child's environment; a VK_DRIVER_FILES entry
	// names a driver the case needs (skipped when it is not installed).
	env []string
}

// swiftShaderICD is where ci/install-swiftshader.sh puts SwiftShader, whose
// kernels run until they end: lavapipe ends any loop after 65535 turns, so
// an endless kernel needs SwiftShader to show the watchdog.
const swiftShaderICD = "/opt/kiln/swiftshader/vk_swiftshader_icd.json"

const (
	caseTimeout   = 30 * time.Second
	defaultMaxRSS = 160
	vulkanMaxRSS  = 400
	// memGuard is the data-segment limit every case runs under (ulimit -d),
	// so that a blowup fails the case instead of exhausting the machine.
	memGuard = 2 << 30
)

// endlessPureLoop replaces the sample kernel's store by a loop that never
// ends and has no side effects, then the store.
const endlessPureLoop = `%e = scf.while (%v = %z) : (f32) -> f32 {
        %go = arith.cmpf oeq, %v, %v : f32
        scf.condition(%go) %v : f32
      } do {
      ^bb0(%u: f32):
        %u1 = arith.addf %u, %y : f32
        scf.yield %u1 : f32
      }
      memref.store %z, %c[%i] : memref<8xf32>`

// endlessStoringLoop replaces the sample kernel's store by a loop that
// stores on every turn and never ends.
const endlessStoringLoop = `scf.while (%v = %z) : (f32) -> f32 {
        %w = memref.load %c[%i] : memref<8xf32>
        %go = arith.cmpf oge, %w, %w : f32
        scf.condition(%go) %w : f32
      } do {
      ^bb0(%u: f32):
        %u1 = arith.addf %u, %y : f32
        memref.store %u1, %c[%i] : memref<8xf32>
        scf.yield %u1 : f32
      }`

// sampleKernel is the runner's sample program, edited by pairs of old and
// new text.
func sampleKernel(edits ...string) string {
	data, err := os.ReadFile("../../runner/testdata/addf.mlir")
	if err != nil {
		panic(err)
	}
	src := string(data)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(src, edits[i]) {
			panic(fmt.Sprintf("sample lacks %q", edits[i]))
		}
		src = strings.Replace(src, edits[i], edits[i+1], 1)
	}
	return src
}

// resourceSection is a file metadata section giving builtin resource b
// the blob text value.
func resourceSection(value string) string {
	return "{-#\n  dialect_resources: {\n    builtin: {\n      b: " + value + "\n    }\n  }\n#-}\n"
}

// nested repeats open n times, then close n times, around mid.
func nested(open, mid, close string, n int) func() []byte {
	return func() []byte {
		return []byte(strings.Repeat(open, n) + mid + strings.Repeat(close, n))
	}
}

// spirvWords is a SPIR-V binary of the given words, little-endian.
func spirvWords(words ...uint32) func() []byte {
	return func() []byte {
		b := make([]byte, 4*len(words))
		for i, w := range words {
			binary.LittleEndian.PutUint32(b[4*i:], w)
		}
		return b
	}
}

// badCases is the catalogue; built when the test runs, since it reads the
// sample program relative to the package directory.
func badCases() []badCase {
	return []badCase{
		// Inputs that are not text or not SPIR-V, to every command: rejected at
		// the first byte that shows it, in bounded memory. Random bytes may
		// begin with newlines, so /dev/urandom's diagnostics are matched
		// without a line number.
		{name: "opt/dev-zero", args: "opt %s", file: "/dev/zero", exit: 1, want: "/dev/zero:1:1: error: a NUL byte cannot appear in MLIR text"},
		{name: "opt/dev-urandom", args: "opt %s", file: "/dev/urandom", exit: 1, want: "/dev/urandom:"},
		{name: "opt/stdin-zero", args: "opt -", gen: func() []byte { return make([]byte, 1<<20) }, stdin: true, exit: 1, want: "<stdin>:1:1: error: a NUL byte"},
		{name: "translate/serialize-dev-zero", args: "translate --serialize-spirv %s", file: "/dev/zero", exit: 1, want: "/dev/zero:1:1: error: a NUL byte"},
		{name: "translate/serialize-dev-urandom", args: "translate --serialize-spirv %s", file: "/dev/urandom", exit: 1, want: "/dev/urandom:"},
		{name: "translate/deserialize-dev-zero", args: "translate --deserialize-spirv %s", file: "/dev/zero", exit: 1, want: "/dev/zero: not a SPIR-V binary (magic 0x00000000, want 0x07230203)"},
		{name: "translate/deserialize-dev-urandom", args: "translate --deserialize-spirv %s", file: "/dev/urandom", exit: 1, want: "/dev/urandom: not a SPIR-V binary (magic 0x"},
		{name: "translate/roundtrip-dev-zero", args: "translate --test-spirv-roundtrip %s", file: "/dev/zero", exit: 1, want: "/dev/zero:1:1: error: a NUL byte"},
		{name: "run/dev-zero", args: "run %s", file: "/dev/zero", exit: 1, want: "/dev/zero:1:1: error: a NUL byte"},
		{name: "run/dev-urandom", args: "run %s", file: "/dev/urandom", exit: 1, want: "/dev/urandom:"},
		{name: "run/reference-dev-zero", args: "run --reference %s", file: "/dev/zero", exit: 1, want: "/dev/zero:1:1: error: a NUL byte"},
		{name: "run/stdin-zero", args: "run --reference -", gen: func() []byte { return make([]byte, 1<<20) }, stdin: true, exit: 1, want: "<stdin>:1:1: error: a NUL byte"},
		{name: "compile/dev-zero", args: "compile -o %s.out %s", file: "/dev/zero", exit: 1, want: "/dev/zero:1:1: error: a NUL byte"},
		{name: "compile/dev-urandom", args: "compile -o %s.out %s", file: "/dev/urandom", exit: 1, want: "/dev/urandom:"},

		// Text that stops being text.
		{name: "text/nul-inside", args: "opt %s", in: "func.func @f() {\n  return\n}\x00\x00garbage", exit: 1, want: "%s:3:2: error: a NUL byte cannot appear in MLIR text"},
		{name: "text/invalid-utf8", args: "opt %s", in: "func.func @f() {\n  \xff\xfe return\n}\n", exit: 1, want: "%s:2:3: error: invalid UTF-8"},
		{name: "text/non-ascii", args: "opt %s", in: "func.func @fé() {\n  return\n}\n", exit: 1, want: "%s:1:13: error: unexpected character 'é'"},
		{name: "text/control-char", args: "opt %s", in: "func.func @f() {\n\x01  return\n}\n", exit: 1, want: "%s:2:1: error: control character 0x01"},
		{name: "text/binary-to-opt", args: "opt %s", gen: spirvWords(0x07230203, 0x00010000, 0, 1, 0), exit: 1, want: "%s:1:1: error: control character 0x03"},
		{name: "text/elf-to-run", args: "run --reference %s", gen: func() []byte { return []byte("\x7fELF\x02\x01\x01") }, exit: 1, want: "%s:1:1: error: control character 0x7f"},

		{name: "text/byte-order-mark", args: "opt %s", in: "\xef\xbb\xbfmodule {}\n", exit: 1, want: "%s:1:1: error: unexpected character '\\ufeff'"},
		{name: "text/directory", args: "opt %s", file: "testdata", exit: 1, want: "kiln opt: read testdata: is a directory"},
		{name: "text/comments-only", args: "opt %s", gen: func() []byte {
			return bytes.Repeat([]byte("// a comment may hold any byte but NUL: \xff\xfe\n"), 300000)
		}, exit: 0, want: ""},

		// The size limit.
		{name: "limit/file-over", args: "opt --max-input-size=1K %s", gen: func() []byte { return bytes.Repeat([]byte("// comment\n"), 200) }, exit: 1,
			want: "%s: input is 2200 bytes, over the limit of 1024 bytes (raise it with --max-input-size=SIZE)"},
		{name: "limit/stdin-over", args: "opt --max-input-size=64K -", gen: func() []byte { return bytes.Repeat([]byte(" "), 1<<20) }, stdin: true, exit: 1,
			want: "<stdin>: input is over the limit of 65536 bytes"},
		{name: "limit/translate-over", args: "translate --deserialize-spirv --max-input-size=16 %s", gen: spirvWords(0x07230203, 0x00010000, 0, 1, 0), exit: 1,
			want: "input is 20 bytes, over the limit of 16 bytes"},
		{name: "limit/run-over", args: "run --reference --max-input-size=1K %s", in: sampleKernel(), exit: 1, want: "over the limit of 1024 bytes"},
		{name: "limit/compile-over", args: "compile -o %s.out --max-input-size=1K %s", in: sampleKernel(), exit: 1, want: "over the limit of 1024 bytes"},
		{name: "limit/bad-size", args: "opt --max-input-size=lots %s", in: "", exit: 2, want: `invalid size "lots"`},
		{name: "limit/run-bad-size", args: "run --max-input-size=-1 %s", in: "", exit: 2, want: `invalid size "-1"`},

		// SPIR-V binaries checked before they are read on.
		{name: "spirv/text-given", args: "translate --deserialize-spirv %s", in: "spirv.module Logical GLSL450 {\n}\n", exit: 1,
			want: "%s: not a SPIR-V binary (magic 0x72697073, want 0x07230203)"},
		{name: "spirv/empty", args: "translate --deserialize-spirv %s", in: "", exit: 1, want: "%s: not a SPIR-V binary: 0 bytes, the header alone takes 20"},
		{name: "spirv/magic-only", args: "translate --deserialize-spirv %s", gen: spirvWords(0x07230203), exit: 1, want: "%s: not a SPIR-V binary: 4 bytes"},
		{name: "spirv/bad-version", args: "translate --deserialize-spirv %s", gen: spirvWords(0x07230203, 0x00090000, 0, 1, 0), exit: 1,
			want: "%s: SPIR-V version word 0x00090000 is not a version 1.0 to 1.6"},
		{name: "spirv/big-endian-bad-version", args: "translate --deserialize-spirv %s", gen: spirvWords(0x03022307, 0x00000200, 0, 0x01000000, 0), exit: 1,
			want: "%s: SPIR-V version word 0x00020000 is not a version"},
		{name: "spirv/partial-word", args: "translate --deserialize-spirv %s", gen: func() []byte { return append(spirvWords(0x07230203, 0x00010000, 0, 1, 0)(), 1, 2) }, exit: 1,
			want: "%s: a SPIR-V binary is whole 4-byte words, this one is 22 bytes"},
		{name: "spirv/word-count-past-end", args: "translate --deserialize-spirv %s", gen: spirvWords(0x07230203, 0x00010000, 0, 1, 0, 0x00090011, 1), exit: 1,
			want: "word count 9 runs past the end"},
		{name: "spirv/word-count-zero", args: "translate --deserialize-spirv %s", gen: spirvWords(0x07230203, 0x00010000, 0, 1, 0, 0x00000011), exit: 1,
			want: "word count 0"},

		{name: "spirv/unknown-opcode", args: "translate --deserialize-spirv %s", gen: spirvWords(0x07230203, 0x00010000, 0, 1, 0, 0x0001ffff), exit: 1,
			want: "%s:word 5: error: invalid SPIR-V: spv: instruction 0 (Op(65535)) at word 5: unknown opcode"},
		{name: "spirv/id-over-bound", args: "translate --deserialize-spirv %s", gen: spirvWords(0x07230203, 0x00010000, 0, 2, 0, 0x00020013, 7), exit: 1,
			want: "%s:word 5: error: invalid SPIR-V"},

		{name: "spirv/huge-null-array", args: "translate --deserialize-spirv %s", gen: spirvWords(0x07230203, 0x00010000, 0x00070000, 5, 0, 0x00020011, 1, 0x0003000e, 0, 1,
			0x00040015, 1, 32, 0, 0x0004002b, 1, 2, 2000000000, 0x0004001c, 3, 1, 2, 0x0003002e, 3, 4), exit: 1,
			want: "%s:word 22: error: OpConstantNull: OpConstantNull of type !spirv.array<2000000000 x i32> is not supported"},
		{name: "spirv/byte-swapped-garbage", args: "translate --deserialize-spirv %s", gen: spirvWords(0x03022307, 0x00000100, 0, 0x01000000, 0, 0xffff0100), exit: 1,
			want: "%s:word 5: error: invalid SPIR-V"},

		// Nesting: the parser refuses before the printer or any walk blows up.
		{name: "nesting/regions-49000", args: "opt --allow-unregistered-dialect %s", gen: nested("\"t.op\"() ({\n", "", "}) : () -> ()\n", 49000), exit: 1,
			want: "%s:1024:11: error: regions nested too deep (more than 1024 levels)"},
		{name: "nesting/regions-in-func", args: "opt --allow-unregistered-dialect %s",
			gen: nested("scf.execute_region {\n", "", "scf.yield\n}\n", 2000), exit: 1, want: "error: regions nested too deep"},
		{name: "nesting/types", args: "opt %s", gen: func() []byte {
			return []byte("func.func @f(%a: " + string(nested("tuple<", "i32", ">", 100001)()) + ") { return }\n")
		}, exit: 1, want: "nesting too deep (more than 100000 levels)"},
		{name: "nesting/types-below-limit", args: "opt %s", gen: func() []byte {
			return []byte("func.func @f(%a: " + string(nested("tuple<", "i32", ">", 99000)()) + ") { return }\n")
		}, exit: 0, want: "", maxRSS: 300},
		{name: "nesting/attributes-below-limit", args: "opt %s", gen: func() []byte {
			return []byte("func.func @f() attributes {a = " + string(nested("[", "", "]", 99000)()) + "} { return }\n")
		}, exit: 0, want: "", maxRSS: 300},
		{name: "nesting/attributes", args: "opt %s", gen: func() []byte {
			return []byte("func.func @f() attributes {a = " + string(nested("[", "", "]", 100001)()) + "} { return }\n")
		}, exit: 1, want: "nesting too deep (more than 100000 levels)"},
		{name: "nesting/affine", args: "opt %s", gen: func() []byte {
			return []byte("#m = affine_map<(d0) -> (" + string(nested("(", "d0", ")", 100001)()) + ")>\n")
		}, exit: 1, want: "nesting too deep"},
		{name: "nesting/run-regions", args: "run --reference %s", gen: nested("scf.execute_region {\n", "", "scf.yield\n}\n", 5000), exit: 1,
			want: "regions nested too deep"},

		{name: "nesting/regions-at-limit", args: "opt --allow-unregistered-dialect %s", gen: nested("\"t.op\"() ({\n", "", "}) : () -> ()\n", 1023), exit: 0, want: "", maxRSS: 200},
		{name: "memory/huge-splat-tensor", args: "opt --canonicalize %s",
			in: "func.func @f() -> tensor<100000000000xf32> {\n  %0 = arith.constant dense<1.0> : tensor<100000000000xf32>\n  return %0 : tensor<100000000000xf32>\n}\n", exit: 0, want: ""},
		{name: "memory/huge-splat-vector-fold", args: "opt --canonicalize %s",
			in: "func.func @f() -> vector<2000000000xf32> {\n  %0 = arith.constant dense<1.0> : vector<2000000000xf32>\n  %1 = arith.addf %0, %0 : vector<2000000000xf32>\n  return %1 : vector<2000000000xf32>\n}\n", exit: 0, want: ""},

		// Truncated input.
		{name: "truncated/attribute-name", args: "opt %s", in: "func.func @f() attributes {a = #spirv.ent", exit: 1, want: "%s:1:41: error: unexpected end of input: unknown SPIR-V attribute: ent"},
		{name: "truncated/list", args: "opt %s", in: "func.func @f() attributes {a = [1, 2", exit: 1, want: "%s:1:35: error: unexpected end of input: expected ',' or ']'"},
		{name: "truncated/type", args: "opt %s", in: "func.func @f(%a: memref<4x", exit: 1, want: "%s:1:26: error: unexpected end of input: expected non-function type"},
		{name: "truncated/string", args: "opt %s", in: "func.func @f() attributes {a = \"abc", exit: 1, want: "%s:1:32: error: unexpected end of input: expected '\"' in string literal"},
		{name: "truncated/dense", args: "opt %s", in: "func.func @f() {\n  %0 = arith.constant dense<[1,", exit: 1, want: "%s:2:31: error: unexpected end of input"},
		{name: "truncated/region", args: "opt %s", in: "func.func @f() {\n  return\n", exit: 1, want: "%s:2:9: error: unexpected end of input: expected operation name in quotes"},
		{name: "truncated/opaque-body", args: "opt --allow-unregistered-dialect %s", in: "func.func @f(%a: !o<(x", exit: 1, want: "%s:1:20: error: unbalanced '(' character in pretty dialect name"},
		{name: "truncated/translate", args: "translate --serialize-spirv %s", in: "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> attributes { spirv.ent", exit: 1,
			want: "error: unexpected end of input"},
		{name: "truncated/run", args: "run --reference %s", gen: func() []byte { s := sampleKernel(); return []byte(s[:len(s)/2]) }, exit: 1, want: "error: unexpected end of input"},
		{name: "truncated/compile", args: "compile -o %s.out %s", gen: func() []byte { s := sampleKernel(); return []byte(s[:len(s)/3]) }, exit: 1, want: "character in pretty dialect name"},

		// Types and attributes.
		{name: "type/negative-memref-dim", args: "opt %s", in: "func.func @f(%a: memref<-1xf32>) { return }\n", exit: 1, want: "%s:1:25: error: expected non-function type (invalid memref size: a dimension cannot be negative"},
		{name: "type/negative-tensor-dim", args: "opt %s", in: "func.func @f(%a: tensor<2x-3xf32>) { return }\n", exit: 1, want: "%s:1:27: error: expected non-function type (invalid tensor dimension size"},
		{name: "type/negative-vector-dim", args: "opt %s", in: "func.func @f(%a: vector<-4xf32>) { return }\n", exit: 1, want: "%s:1:25: error: expected non-function type (vector types must have positive constant sizes"},
		{name: "type/dimension-overflow", args: "opt %s", in: "func.func @f(%a: tensor<9223372036854775808xf32>) { return }\n", exit: 1, want: "%s:1:25: error: invalid dimension"},
		{name: "type/integer-too-wide", args: "opt %s", in: "func.func @f(%a: i16777216) { return }\n", exit: 1, want: "%s:1:18: error: integer bitwidth is limited to 16777215 bits"},
		{name: "type/alias-self", args: "opt %s", in: "!a = tuple<!a>\n", exit: 1, want: "%s:1:12: error: alias '!a' refers to itself"},
		{name: "type/attr-alias-self", args: "opt %s", in: "#a = [1, #a]\n", exit: 1, want: "%s:1:10: error: alias '#a' refers to itself"},
		{name: "type/alias-undefined", args: "opt %s", in: "func.func @f(%a: !nope) { return }\n", exit: 1, want: "%s:1:18: error: undefined symbol alias id 'nope'"},
		{name: "type/opaque-unbalanced", args: "opt --allow-unregistered-dialect %s", in: "func.func @f(%a: !o.<())>) { return }\n", exit: 1,
			want: "%s:1:21: error: unbalanced '<' character in pretty dialect name"},
		{name: "type/opaque-mismatched", args: "opt --allow-unregistered-dialect %s", in: "func.func @f(%a: !foo<), i32]>) { return }\n", exit: 1,
			want: "%s:1:22: error: unbalanced '<' character in pretty dialect name"},
		{name: "type/opaque-unterminated", args: "opt --allow-unregistered-dialect %s", in: "func.func @f(%a: !foo<(i32]>) { return }\n", exit: 1,
			want: "%s:1:22: error: unbalanced '(' character in pretty dialect name"},
		{name: "type/unknown-dialect", args: "opt %s", in: "func.func @f(%a: !foo.bar) { return }\n", exit: 1, want: "%s:1:18: error: dialect 'foo' is unknown"},
		{name: "attr/dense-count", args: "opt %s", in: "func.func @f() {\n  %0 = arith.constant dense<[1, 2, 3]> : tensor<2xi32>\n  return\n}\n", exit: 1, want: "%s:2:"},
		{name: "attr/huge-integer", args: "opt %s", in: "func.func @f() {\n  %0 = arith.constant 99999999999999999999999 : i8\n  return\n}\n", exit: 1, want: "%s:2:"},

		// Resources: a blob is hex text, never larger than half of it.
		{name: "resource/malformed-hex", args: "opt %s", in: resourceSection(`"0x04000000zz"`), exit: 1, want: "%s:4:10: error: expected hex string blob for key 'b'"},
		{name: "resource/odd-length", args: "opt %s", in: resourceSection(`"0x040000000"`), exit: 1, want: "%s:4:10: error: expected hex string blob for key 'b'"},
		{name: "resource/missing-alignment", args: "opt %s", in: resourceSection(`"0x0400"`), exit: 1,
			want: "%s:4:10: error: expected hex string blob for key 'b' to encode alignment in first 4 bytes"},
		{name: "resource/truncated", args: "opt %s", in: "{-#\n  dialect_resources: {\n    builtin: {\n      b: ", exit: 1,
			want: "%s:4:9: error: unexpected end of input: expected hex string blob for key 'b'"},
		{name: "resource/unknown-name", args: "opt --convert-arith-to-spirv %s",
			in: "func.func @f() -> vector<2xi32> {\n  %0 = arith.constant dense_resource<nope> : vector<2xi32>\n  return %0 : vector<2xi32>\n}\n", exit: 1,
			want: "%s:2:8: error: could not find resource blob"},
		{name: "resource/wrong-size", args: "opt --convert-arith-to-spirv %s",
			in: "func.func @f() -> vector<2xi32> {\n  %0 = arith.constant dense_resource<b> : vector<2xi32>\n  return %0 : vector<2xi32>\n}\n" + resourceSection(`"0x04000000010203"`), exit: 1,
			want: "%s:2:8: error: resource is not a valid buffer"},
		{name: "resource/large-blob", args: "opt --allow-unregistered-dialect %s", gen: func() []byte {
			return []byte("\"t.op\"() {a = dense_resource<b> : tensor<1048576xi64>} : () -> ()\n" + resourceSection(`"0x08000000`+strings.Repeat("0102030405060708", 1<<20)+`"`))
		}, exit: 0, want: ""},
		{name: "resource/huge-type-small-blob", args: "opt --convert-arith-to-spirv %s",
			in: "func.func @f() -> tensor<100000000000xi32> {\n  %0 = arith.constant dense_resource<b> : tensor<100000000000xi32>\n  return %0 : tensor<100000000000xi32>\n}\n" + resourceSection(`"0x0400000001020304"`), exit: 0, want: ""},
		// Sparse elements: a huge type costs nothing; lowering one refuses.
		{name: "sparse/huge-type", args: "opt %s",
			in: "func.func @f() -> tensor<100000000000xi32> {\n  %0 = arith.constant sparse<[[7]], 1> : tensor<100000000000xi32>\n  return %0 : tensor<100000000000xi32>\n}\n", exit: 0, want: ""},
		{name: "sparse/lowered", args: "compile -o %s.out %s",
			in: "module attributes {gpu.container_module} {\n  gpu.module @m {\n    gpu.func @k(%out: memref<4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {\n      %c0 = arith.constant 0 : index\n      %v = arith.constant sparse<[[1], [3]], [5, 6]> : vector<4xi32>\n      %e = vector.extract %v[1] : i32 from vector<4xi32>\n      memref.store %e, %out[%c0] : memref<4xi32>\n      gpu.return\n    }\n  }\n}\n", exit: 1,
			want: "%s:5:12: error: failed to legalize operation 'arith.constant'"},

		// Ops, values and the verifier.
		{name: "op/unregistered", args: "opt %s", in: "\"foo.bar\"() : () -> ()\n", exit: 1, want: "%s:1:1: error:"},
		{name: "op/undefined-value", args: "opt %s", in: "func.func @f() {\n  %0 = arith.addi %x, %x : i32\n  return\n}\n", exit: 1, want: "%s:2:19: error: use of undeclared SSA value name"},
		{name: "op/redefined-value", args: "opt %s", in: "func.func @f() {\n  %0 = arith.constant 1 : i32\n  %0 = arith.constant 2 : i32\n  return\n}\n", exit: 1,
			want: "%s:3:3: error: redefinition of SSA value '%0'"},
		{name: "op/type-mismatch", args: "opt %s", in: "func.func @f(%a: i32, %b: i64) {\n  %0 = arith.addi %a, %b : i32\n  return\n}\n", exit: 1, want: "%s:2:"},
		{name: "op/missing-terminator", args: "opt %s", in: "func.func @f() -> i32 {\n  %0 = arith.constant 1 : i32\n}\n", exit: 1, want: "%s:"},
		{name: "op/dominance", args: "opt %s", in: "func.func @f() {\n  %0 = arith.addi %1, %1 : i32\n  %1 = arith.constant 1 : i32\n  return\n}\n", exit: 1,
			want: "%s:2:8: error: 'arith.addi' op operand #0 does not dominate this use"},
		{name: "op/unknown-callee", args: "opt %s", in: "func.func @f() {\n  func.call @nope() : () -> ()\n  return\n}\n", exit: 1, want: "%s:2:3: error: 'func.call' op 'nope' does not reference a valid function"},
		{name: "op/launch-func-types", args: "opt %s", in: sampleKernel("args(%a : memref<8xf32>, %b : memref<8xf32>, %c : memref<8xf32>)", "args(%a : memref<8xf32>, %b : memref<8xf32>, %half : f32)"), exit: 1,
			want: "error: 'gpu.launch_func' op type of function argument 2 does not match: the kernel takes 'memref<8xf32>', the launch passes 'f32'"},
		{name: "op/split-chunks", args: "opt --split-input-file %s", in: "func.func @f() {\n  return\n}\n// -----\nfunc.func @g() {\n  %0 = arith.addi %x, %x : i32\n}\n", exit: 1,
			want: "%s:6:19: error: use of undeclared SSA value name"},

		{name: "op/verify-diagnostics-mismatch", args: "opt --verify-diagnostics %s", in: "func.func @f() {\n  // expected-error @+1 {{something else}}\n  %0 = arith.addi %x, %x : i32\n  return\n}\n", exit: 1,
			want: "%s:2:6: expected error \"something else\" was not produced"},

		{name: "pass/lowering-failure", args: "opt --convert-gpu-to-spirv %s", in: sampleKernel("%z = arith.addf %x, %y : f32", "%m = memref.alloc() : memref<4xf32>\n      %z = arith.addf %x, %y : f32"), exit: 1,
			want: "%s:17:12: error: failed to legalize operation 'memref.alloc'"},
		{name: "pass/bad-option", args: "opt --pass-pipeline=builtin.module(canonicalize{max-iterations=abc}) %s", in: "", exit: 1,
			want: "pass pipeline:1:44: error: for the --max-iterations option: 'abc' value invalid for long argument!"},
		{name: "pass/option-unbalanced-brace", args: "opt --pass-pipeline=builtin.module(canonicalize{x{=}}) %s", in: "", exit: 1,
			want: "pass pipeline:1:32: error: unbalanced braces in option value }: quote it"},
		{name: "pass/reproducer-unknown-key", args: "opt --run-reproducer %s", in: "{-# external_resources: { mlir_reproducer: { x: true } } #-}\n", exit: 1,
			want: "%s:1:46: error: unknown 'mlir_reproducer' resource key 'x'"},
		{name: "pass/reproducer-bad-pipeline", args: "opt --run-reproducer %s", in: "{-# external_resources: { mlir_reproducer: { pipeline: \"builtin.module(\" } } #-}\n", exit: 1,
			want: "pass pipeline:1:16: error: "},
		{name: "pass/reproducer-unwritable", args: "opt --pass-pipeline=builtin.module(func.func(symbol-dce)) --mlir-pass-pipeline-crash-reproducer=/nonexistent/r.mlir %s", in: "func.func @f() {\n  return\n}\n", exit: 1,
			want: "%s:1:1: note: Pipeline failed while executing [`SymbolDCE` on 'func.func' operation: @f]: failed to create output stream: Failed to create reproducer stream: cannot open output file '/nonexistent/r.mlir': no such file or directory"},
		{name: "pass/unclosed-pipeline", args: "opt --pass-pipeline=builtin.module(canonicalize %s", in: "", exit: 1, want: "pass pipeline:1:28: error: expected ',' or ')'"},

		// Command lines.
		{name: "flags/opt-mistyped", args: "opt --split-input-fle %s", in: "", exit: 2, want: "kiln opt: unknown flag --split-input-fle (did you mean --split-input-file?)"},
		{name: "flags/opt-mistyped-pass", args: "opt --canonicalise %s", in: "", exit: 2, want: "did you mean --canonicalize?"},
		{name: "flags/opt-bad-pipeline", args: "opt --pass-pipeline=builtin.module(nope) %s", in: "", exit: 1, want: "'nope' does not refer to a registered pass"},
		{name: "flags/opt-two-inputs", args: "opt %s %s", in: "", exit: 2, want: "more than one input file"},
		{name: "flags/opt-missing-file", args: "opt %s.missing", in: "", exit: 1, want: "no such file or directory"},
		{name: "flags/translate-no-mode", args: "translate %s", in: "", exit: 2, want: "no translation"},
		{name: "flags/translate-unknown", args: "translate --serialize-spirv --bogus %s", in: "", exit: 2, want: "kiln translate: unknown flag --bogus"},
		{name: "flags/translate-chain", args: "translate --deserialize-spirv --deserialize-spirv %s", in: "", exit: 2, want: "--deserialize-spirv cannot take what --deserialize-spirv gives"},
		{name: "flags/run-unknown", args: "run --bogus %s", in: "", exit: 2, want: "kiln run: unknown flag --bogus"},
		{name: "flags/run-timeout-zero", args: "run --timeout=0 %s", in: "", exit: 2, want: "--timeout=0s: want a positive duration"},
		{name: "flags/run-bad-timeout", args: "run --timeout=soon %s", in: "", exit: 2, want: "kiln run: invalid value \"soon\" for --timeout: want a duration"},
		{name: "flags/run-result", args: "run --entry-point-result=i32 %s", in: "", exit: 2, want: "the entry function must return nothing"},
		{name: "flags/run-shared-lib", args: "run --shared-libs=libfoo.so %s", in: "", exit: 2, want: "kiln run loads no libraries"},
		{name: "flags/compile-target-env", args: "compile -o %s.out --target-env=vulkan9 %s", in: sampleKernel(), exit: 2, want: `unknown --target-env "vulkan9"`},
		{name: "flags/unknown-command", args: "frobnicate %s", in: "", exit: 2, want: `unknown command "frobnicate"`},

		{name: "flags/no-command", args: "", exit: 2, want: "usage: kiln <command>"},
		{name: "flags/opt-bad-output", args: "opt -o /nonexistent/dir/out %s", in: "", exit: 1, want: "kiln opt: open /nonexistent/dir/out: no such file or directory"},
		{name: "flags/translate-bad-output", args: "translate --serialize-spirv -o /nonexistent/dir/out %s", in: "", exit: 1, want: "/nonexistent/dir/out: no such file or directory"},
		{name: "flags/opt-bad-bool", args: "opt --verify-each=maybe %s", in: "", exit: 2, want: `kiln opt: invalid value "maybe" for --verify-each: want a boolean (true or false)`},
		{name: "flags/opt-bad-verify-level", args: "opt --verify-diagnostics=some %s", in: "", exit: 2, want: `kiln opt: invalid value "some" for --verify-diagnostics: Cannot find option named 'some'!`},
		{name: "flags/opt-flag-needs-value", args: "opt %s -o", in: "", exit: 2, want: "-o needs a value"},
		{name: "flags/run-two-files", args: "run %s %s", in: "", exit: 2, want: "kiln run: give one input file"},

		// translate on wrong modules.
		{name: "translate/no-spirv-module", args: "translate --serialize-spirv %s", in: "func.func @f() {\n  return\n}\n", exit: 1, want: "%s:0:0: error: expected a 'spirv.module' op, got 'builtin.module'"},
		{name: "translate/two-spirv-modules", args: "translate --serialize-spirv %s",
			in: "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n}\nspirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n}\n", exit: 1,
			want: "%s:0:0: error: 'builtin.module' op found more than one 'spirv.module' op"},
		{name: "translate/bad-op-in-module", args: "translate --serialize-spirv %s",
			in: "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n  spirv.func @f() \"None\" {\n    %0 = spirv.Constant 1 : i32\n    %1 = spirv.IAdd %0, %x : i32\n    spirv.Return\n  }\n}\n", exit: 1,
			want: "%s:4:25: error: use of undeclared SSA value name"},

		// compile and run on wrong programs.
		{name: "compile/no-gpu-module", args: "compile -o %s.out %s", in: "func.func @main() {\n  return\n}\n", exit: 1, want: "%s:0:0: error: 'builtin.module' op no gpu.module to compile"},
		{name: "compile/unlowerable-op", args: "compile -o %s.out %s", in: sampleKernel("%z = arith.addf %x, %y : f32", "%m = memref.alloc() : memref<4xf32>\n      %z = arith.addf %x, %y : f32"), exit: 1,
			want: "%s:17:12: error: failed to legalize operation 'memref.alloc'"},
		{name: "run/unlowerable-op", args: "run %s", in: sampleKernel("%z = arith.addf %x, %y : f32", "%m = memref.alloc() : memref<4xf32>\n      %z = arith.addf %x, %y : f32"), exit: 1,
			want: "%s:17:12: error: failed to legalize operation 'memref.alloc'", vulkan: true},
		{name: "run/workgroup-over-limits", args: "run %s", in: sampleKernel("workgroup_size = [1, 1, 1]", "workgroup_size = [4096, 1, 1]"), exit: 1,
			want: "workgroup size [4096 1 1] exceeds maxComputeWorkGroupSize", vulkan: true},
		{name: "op/gpu-printf-missing-comma", args: "opt %s", in: sampleKernel("%z = arith.addf %x, %y : f32", "%z = arith.addf %x, %y : f32\n      gpu.printf \"%f\" %z : f32"), exit: 1,
			want: "%s:18:28: error: expected integer number of results"},
		{name: "run/no-entry", args: "run --reference --entry=nope %s", in: sampleKernel(), exit: 1, want: "error: no function named 'nope' with a body to run"},
		{name: "run/entry-with-arguments", args: "run --reference %s", in: "func.func @main(%a: i32) {\n  return\n}\n", exit: 2, want: "kiln run: 'main' takes 1 argument, and 0 --input were given"},
		{name: "run/input-not-npy", args: "run --reference --input=@%s %s", in: "func.func @main(%a: memref<2xi32>) {\n  return\n}\n", exit: 2, want: "npy: byte 0: not a .npy file"},
		{name: "run/missing-kernel", args: "run --reference %s", in: sampleKernel("@kernels::@kernel_add", "@kernels::@kernel_gone"), exit: 1, want: "kernel_gone"},
		{name: "run/host-out-of-bounds", args: "run --reference %s", in: sampleKernel("%p = memref.cast", "%oob = memref.load %a[%c8] : memref<8xf32>\n    %p = memref.cast"), exit: 1,
			want: "out-of-bounds"},
		{name: "run/external-function", args: "run --reference %s", in: "func.func @main() {\n  call @nope() : () -> ()\n  return\n}\nfunc.func private @nope()\n", exit: 1,
			want: "%s:2:3: error: 'func.call' op call to external function 'nope' that the interpreter does not provide"},
		{name: "run/unverifiable", args: "run --reference %s", in: "func.func @main() {\n  %0 = arith.addi %1, %1 : i32\n  %1 = arith.constant 1 : i32\n  return\n}\n", exit: 1,
			want: "%s:2:8: error: 'arith.addi' op operand #0 does not dominate this use"},
		{name: "run/alloc-negative-size", args: "run --reference %s", in: "func.func @main() {\n  %n = arith.constant -5 : index\n  %m = memref.alloc(%n) : memref<?xf32>\n  return\n}\n", exit: 1,
			want: "%s:3:8: error: 'memref.alloc' op negative size -5 in dimension 0"},
		{name: "run/alloc-size-overflow", args: "run --reference %s", in: "func.func @main() {\n  %n = arith.constant 4611686018427387904 : index\n  %m = memref.alloc(%n) : memref<?xf32>\n  return\n}\n", exit: 1,
			want: "%s:3:8: error: 'memref.alloc' op a memref of sizes [4611686018427387904] has more bytes than a 64-bit size can count"},
		{name: "run/alloc-product-overflow", args: "run --reference %s", in: "func.func @main() {\n  %n = arith.constant 3037000500 : index\n  %m = memref.alloc(%n, %n) : memref<?x?xf32>\n  return\n}\n", exit: 1,
			want: "%s:3:8: error: 'memref.alloc' op a memref of sizes [3037000500 3037000500] has more bytes than a 64-bit size can count"},
		{name: "run/alloc-over-host-limit", args: "run --reference %s", in: "func.func @main() {\n  %n = arith.constant 100000000000 : index\n  %m = memref.alloc(%n) : memref<?xf32>\n  return\n}\n", exit: 1,
			want: "%s:3:8: error: 'memref.alloc' op allocating 400000000000 bytes exceeds the interpreter's host-memory limit"},
		{name: "run/alloc-over-set-limit", args: "run --reference --max-host-memory=1M %s", in: "func.func @main() {\n  %n = arith.constant 1000000 : index\n  %m = memref.alloc(%n) : memref<?xf32>\n  return\n}\n", exit: 1,
			want: "raise it with --max-host-memory"},
		{name: "run/alloca-negative-size", args: "run --reference %s", in: "func.func @main() {\n  %n = arith.constant -1 : index\n  %m = memref.alloca(%n) : memref<?xf32>\n  return\n}\n", exit: 1,
			want: "%s:3:8: error: 'memref.alloca' op negative size -1 in dimension 0"},
		{name: "run/alloc-negative-size-device", args: "run %s", in: "func.func @main() {\n  %n = arith.constant -5 : index\n  %m = memref.alloc(%n) : memref<?xf32>\n  return\n}\n", exit: 1,
			want: "%s:3:8: error: 'memref.alloc' op negative size -5 in dimension 0"},
		{name: "run/print-memref-f32-of-i32", args: "run --reference %s", in: "func.func @main() {\n  %m = memref.alloc() : memref<2xi32>\n  %u = memref.cast %m : memref<2xi32> to memref<*xi32>\n  %i = arith.constant 7 : i32\n  %d = arith.constant 7.0 : f64\n  call @printMemrefF32(%u) : (memref<*xi32>) -> ()\n  return\n}\nfunc.func private @printMemrefF32(memref<*xi32>)\n", exit: 1,
			want: "%s:6:3: error: 'func.call' op runner utility 'printMemrefF32' takes (memref<*xf32>), as MLIR's runner utilities declare it, but is called with (memref<*xi32>)"},
		{name: "run/print-memref-ranked", args: "run --reference %s", in: "func.func @main() {\n  %m = memref.alloc() : memref<2xi32>\n  %u = memref.cast %m : memref<2xi32> to memref<*xi32>\n  %i = arith.constant 7 : i32\n  %d = arith.constant 7.0 : f64\n  call @printMemrefI32(%m) : (memref<2xi32>) -> ()\n  return\n}\nfunc.func private @printMemrefI32(memref<2xi32>)\n", exit: 1,
			want: "%s:6:3: error: 'func.call' op runner utility 'printMemrefI32' takes (memref<*xi32>), as MLIR's runner utilities declare it, but is called with (memref<2xi32>)"},
		{name: "run/print-memref-shape-wrong-element", args: "run --reference %s", in: "func.func @main() {\n  %m = memref.alloc() : memref<2xi32>\n  %u = memref.cast %m : memref<2xi32> to memref<*xi32>\n  %i = arith.constant 7 : i32\n  %d = arith.constant 7.0 : f64\n  call @printMemrefShapeF64(%u) : (memref<*xi32>) -> ()\n  return\n}\nfunc.func private @printMemrefShapeF64(memref<*xi32>)\n", exit: 1,
			want: "runner utility 'printMemrefShapeF64' takes (memref<*xf64>)"},
		{name: "run/print-f32-of-f64", args: "run --reference %s", in: "func.func @main() {\n  %m = memref.alloc() : memref<2xi32>\n  %u = memref.cast %m : memref<2xi32> to memref<*xi32>\n  %i = arith.constant 7 : i32\n  %d = arith.constant 7.0 : f64\n  call @printF32(%d) : (f64) -> ()\n  return\n}\nfunc.func private @printF32(f64)\n", exit: 1,
			want: "%s:6:3: error: 'func.call' op runner utility 'printF32' takes (f32), as MLIR's runner utilities declare it, but is called with (f64)"},
		{name: "run/print-i64-of-i32", args: "run --reference %s", in: "func.func @main() {\n  %m = memref.alloc() : memref<2xi32>\n  %u = memref.cast %m : memref<2xi32> to memref<*xi32>\n  %i = arith.constant 7 : i32\n  %d = arith.constant 7.0 : f64\n  call @printI64(%i) : (i32) -> ()\n  return\n}\nfunc.func private @printI64(i32)\n", exit: 1,
			want: "runner utility 'printI64' takes (i64), as MLIR's runner utilities declare it, but is called with (i32)"},
		{name: "run/print-u64-of-memref", args: "run --reference %s", in: "func.func @main() {\n  %m = memref.alloc() : memref<2xi32>\n  %u = memref.cast %m : memref<2xi32> to memref<*xi32>\n  %i = arith.constant 7 : i32\n  %d = arith.constant 7.0 : f64\n  call @printU64(%u) : (memref<*xi32>) -> ()\n  return\n}\nfunc.func private @printU64(memref<*xi32>)\n", exit: 1,
			want: "runner utility 'printU64' takes (i64), as MLIR's runner utilities declare it, but is called with (memref<*xi32>)"},
		{name: "run/print-newline-with-argument", args: "run --reference %s", in: "func.func @main() {\n  %m = memref.alloc() : memref<2xi32>\n  %u = memref.cast %m : memref<2xi32> to memref<*xi32>\n  %i = arith.constant 7 : i32\n  %d = arith.constant 7.0 : f64\n  call @printNewline(%i) : (i32) -> ()\n  return\n}\nfunc.func private @printNewline(i32)\n", exit: 1,
			want: "runner utility 'printNewline' takes (), as MLIR's runner utilities declare it, but is called with (i32)"},
		{name: "run/print-memref-wrong-element-device", args: "run %s", in: "func.func @main() {\n  %m = memref.alloc() : memref<2xi32>\n  %u = memref.cast %m : memref<2xi32> to memref<*xi32>\n  %i = arith.constant 7 : i32\n  %d = arith.constant 7.0 : f64\n  call @printMemrefF32(%u) : (memref<*xi32>) -> ()\n  return\n}\nfunc.func private @printMemrefF32(memref<*xi32>)\n", exit: 1,
			want: "runner utility 'printMemrefF32' takes (memref<*xf32>)"},
		{name: "run/reference-mistyped-flag", args: "run --refrence %s", in: "", exit: 2, want: "kiln run: unknown flag --refrence (did you mean --reference?)"},
		{name: "run/device-out-of-range", args: "run --device=99 %s", in: sampleKernel(), exit: 2, want: "kiln run: --device=99: vulkan: device index 99 out of range", vulkan: true},
		{name: "run/device-no-match", args: "run --device=no-such-gpu %s", in: sampleKernel(), exit: 2, want: "kiln run: --device=no-such-gpu: vulkan: no device name contains \"no-such-gpu\"", vulkan: true},
		{name: "run/grid-over-limits", args: "run %s", in: sampleKernel("blocks in (%c8, %c1, %c1)", "blocks in (%big, %c1, %c1)",
			"%c8 = arith.constant 8 : index", "%c8 = arith.constant 8 : index\n    %big = arith.constant 70000 : index"), exit: 1,
			want: "maxComputeWorkGroupCount", vulkan: true},
		{name: "run/endless-kernel", args: "run --timeout=1s %s", in: sampleKernel(
			"memref.store %z, %c[%i] : memref<8xf32>", endlessStoringLoop), exit: 1, env: []string{"VK_DRIVER_FILES=" + swiftShaderICD, "KILN_DEVICE="},
			want: "launch of kernel @kernels::@kernel_add failed: kernel \"kernel_add\": vulkan: the device did not finish within 1s", vulkan: true},
		// A kernel loop without side effects that never ends: the lowering
		// removes it, as MLIR's does, so the device finishes; --compare
		// reports that the reference interpreter did not (RATIONALE, "Loops
		// that do not end").
		{name: "run/endless-pure-loop-removed", args: "run %s", in: sampleKernel("memref.store %z, %c[%i] : memref<8xf32>", endlessPureLoop), exit: 0,
			want: "", vulkan: true},
		{name: "run/compare-endless-pure-loop", args: "run --compare --max-steps=100000 %s", in: sampleKernel("memref.store %z, %c[%i] : memref<8xf32>", endlessPureLoop), exit: 1,
			want: "%s:49:5: error: 'gpu.launch_func' op launch 1 (kernel @kernels::@kernel_add) finished on the device but not in the reference interpreter: the kernel has a loop that does not end", vulkan: true},
		{name: "run/compare-endless-storing-loop", args: "run --compare --timeout=1s --max-steps=100000 %s", in: sampleKernel("memref.store %z, %c[%i] : memref<8xf32>", endlessStoringLoop), exit: 1,
			env:  []string{"VK_DRIVER_FILES=" + swiftShaderICD, "KILN_DEVICE="},
			want: "launch 1 (kernel @kernels::@kernel_add) did not finish on the device nor in the reference interpreter: ", vulkan: true},
	}
}

// TestBadInputCatalogue runs every case of badCases() as a child process of
// this test binary acting as kiln (see TestMain).
func TestBadInputCatalogue(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "kiln")
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	hasDevice := dispatch([]string{"devices"}, nil, &bytes.Buffer{}, &bytes.Buffer{}) == 0
	for _, c := range badCases() {
		t.Run(c.name, func(t *testing.T) {
			if c.vulkan && !hasDevice {
				needRunDevice(t) // skips, or fails under CI=true
			}
			for _, e := range c.env {
				if icd, ok := strings.CutPrefix(e, "VK_DRIVER_FILES="); ok {
					if _, err := os.Stat(icd); err != nil {
						t.Skipf("needs %s", icd)
					}
				}
			}
			runBadCase(t, bin, c)
		})
	}
}

func runBadCase(t *testing.T, bin string, c badCase) {
	path := c.file
	var input []byte
	switch {
	case c.gen != nil:
		input = c.gen()
	case c.file == "":
		input = []byte(c.in)
	}
	if input != nil && !c.stdin {
		path = filepath.Join(t.TempDir(), strings.ReplaceAll(c.name, "/", "-")+".mlir")
		if err := os.WriteFile(path, input, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if c.stdin {
		path = "-"
	}
	args := strings.Fields(strings.ReplaceAll(c.args, "%s", path))
	ctx, cancel := context.WithTimeout(context.Background(), caseTimeout)
	defer cancel()
	// ulimit -d bounds the child's heap: a blowup fails here, not the machine.
	// The test binary, as a fresh process, runs the case and reports its
	// peak memory (runMeasured).
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	rssFile := filepath.Join(t.TempDir(), "peak-rss")
	cmd := exec.CommandContext(ctx, self, append([]string{"bash", "-c", fmt.Sprintf(`ulimit -d %d && exec "$0" "$@"`, memGuard>>10), bin}, args...)...)
	cmd.Env = append(append(os.Environ(), "CI=", measuredEnv+"="+rssFile), c.env...)
	if c.stdin {
		cmd.Stdin = bytes.NewReader(input)
	}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &bytes.Buffer{}, &stderr
	start := time.Now()
	err = cmd.Run()
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("still running after %v: killed", caseTimeout)
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	errs := stderr.String()
	name := path
	if c.stdin {
		name = "<stdin>"
	}
	want := strings.ReplaceAll(c.want, "%s", name)
	if code != c.exit || !strings.Contains(errs, want) {
		t.Errorf("exit %d, want %d and a message containing\n%s\ngot:\n%s", code, c.exit, want, head(errs, 2000))
	}
	for _, bad := range []string{"panic:", "goroutine ", "fatal error:", "interpreter bug"} {
		if strings.Contains(errs, bad) {
			t.Errorf("stderr shows a crash (%q):\n%s", bad, head(errs, 2000))
		}
	}
	limit := c.maxRSS
	if limit == 0 {
		limit = defaultMaxRSS
		if c.vulkan {
			limit = vulkanMaxRSS
		}
	}
	kib, err := os.ReadFile(rssFile)
	if err != nil {
		t.Fatalf("no peak memory reported: %v\n%s", err, head(errs, 2000))
	}
	rss, err := strconv.ParseInt(string(kib), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	rss >>= 10
	t.Logf("exit %d in %v, peak memory %d MiB", code, elapsed.Round(time.Millisecond), rss)
	if rss > limit {
		t.Errorf("peak memory %d MiB, want at most %d MiB", rss, limit)
	}
	if elapsed > caseTimeout {
		t.Errorf("took %v", elapsed)
	}
}

// head is s cut to n bytes.
func head(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// measuredEnv names the file to which the test binary, started with it
// set, writes the peak memory of the command it runs (runMeasured).
const measuredEnv = "KILN_TEST_PEAK_RSS_FILE"

// runMeasured runs args with this process's stdio and writes the
// command's peak resident memory in KiB to out, returning its exit code.
// Linux charges a child that os/exec starts (by vfork) with its parent's
// peak memory, so a large test process would mask the command's own; the
// test binary started afresh is small, and measures it here.
func runMeasured(out string, args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// The command may be this binary as kiln: it must not measure again.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, measuredEnv+"=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	// The command dies with this process (on a test timeout, say).
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
	if err := os.WriteFile(out, []byte(strconv.FormatInt(rss, 10)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	return code
}
