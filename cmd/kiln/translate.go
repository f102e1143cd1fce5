package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// translateOptions are the flags of `kiln translate`, with mlir-translate's names.
type translateOptions struct {
	mode             string // "serialize-spirv", "deserialize-spirv", "test-spirv-roundtrip"
	input, output    string
	noImplicitModule bool
	splitInput       bool
	print            ir.PrintOptions
}

const translateUsage = `usage: kiln translate MODE [FILE|-] [flags]

Translates between the spirv dialect and SPIR-V binaries (like mlir-translate).

modes:
  --serialize-spirv       spirv.module text -> SPIR-V binary
  --deserialize-spirv     SPIR-V binary -> spirv.module text
  --test-spirv-roundtrip  spirv.module text -> binary -> text

flags:
  --no-implicit-module    do not wrap the output in a builtin.module
  --split-input-file      process each '// -----' chunk of a text input separately
  --mlir-print-op-generic print every op in the generic form
  -o FILE                 write output to FILE (default stdout)
`

func parseTranslateArgs(args []string) (*translateOptions, error) {
	o := &translateOptions{output: "-"}
	input, err := parseMLIRArgs(args, func(f mlirFlag) error {
		switch f.Name {
		case "h", "help":
			return errHelp
		case "serialize-spirv", "deserialize-spirv", "test-spirv-roundtrip":
			if o.mode != "" && o.mode != f.Name {
				return fmt.Errorf("--%s and --%s exclude each other", o.mode, f.Name)
			}
			o.mode = f.Name
		case "no-implicit-module":
			o.noImplicitModule = true
		case "split-input-file":
			o.splitInput = true
		case "mlir-print-op-generic":
			o.print.Generic = true
		case "o":
			v, err := f.Value()
			o.output = v
			return err
		default:
			return fmt.Errorf("unknown flag %q", "--"+f.Name)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	o.input = input
	if o.mode == "" {
		return nil, fmt.Errorf("no translation: give --serialize-spirv, --deserialize-spirv or --test-spirv-roundtrip")
	}
	return o, nil
}

// translateContext is kiln opt's context plus the spirv dialect.
func translateContext() *ir.Context {
	ctx := newContext()
	if ctx.Dialect("spirv") != nil {
		return ctx
	}
	ds := []*ir.Dialect{spirv.Dialect()}
	for _, d := range ctx.Dialects() {
		if d.Name != "builtin" {
			ds = append(ds, d)
		}
	}
	return ir.NewContext(ds...)
}

func runTranslate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseTranslateArgs(args)
	if err == errHelp {
		fmt.Fprint(stdout, translateUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "kiln translate: %v\n", err)
		return 2
	}
	name := o.input
	var src []byte
	if o.input == "-" {
		src, err = io.ReadAll(stdin)
		name = "<stdin>"
	} else {
		src, err = os.ReadFile(o.input)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kiln translate: %v\n", err)
		return 1
	}
	var chunks []string // of a text input
	if o.mode != "deserialize-spirv" {
		chunks = []string{string(src)}
		if o.splitInput {
			chunks = ir.SplitInput(string(src))
		}
		if len(chunks) > 1 && o.mode == "serialize-spirv" {
			fmt.Fprintf(stderr, "kiln translate: %s has %d chunks; --serialize-spirv writes one binary\n", name, len(chunks))
			return 1
		}
	}
	dest, closeDest, err := openOutput(o.output, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "kiln translate: %v\n", err)
		return 1
	}
	out := bufio.NewWriterSize(dest, 64<<10)
	failed := false
	report := func(ctx *ir.Context, err error) {
		d, ok := err.(*ir.Diagnostic)
		if !ok {
			d = ir.Errorf(ctx.UnknownLoc(), "%v", err)
		}
		fmt.Fprint(stderr, d.Format(ctx))
		failed = true
	}
	if o.mode == "deserialize-spirv" {
		ctx := translateContext()
		if err := o.deserialize(ctx, src, name, out); err != nil {
			report(ctx, err)
		}
	} else {
		for i, chunk := range chunks {
			if i > 0 && o.mode == "test-spirv-roundtrip" {
				out.WriteString("// -----\n")
			}
			ctx := translateContext()
			ctx.AddSource(name, string(src))
			if err := o.translateText(ctx, chunk, name, out); err != nil {
				report(ctx, err)
			}
		}
	}
	if err := out.Flush(); err == nil {
		err = closeDest()
	} else {
		closeDest()
	}
	if err != nil {
		fmt.Fprintf(stderr, "kiln translate: %v\n", err)
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// deserialize prints the spirv.module of a binary.
func (o *translateOptions) deserialize(ctx *ir.Context, src []byte, name string, out io.Writer) error {
	m, err := serialize.DeserializeBytes(ctx, src, name)
	if err != nil {
		return err
	}
	return o.printModules(ctx, []*ir.Operation{m}, out)
}

// translateText serializes (or round-trips) the spirv.modules of one text input.
func (o *translateOptions) translateText(ctx *ir.Context, src, name string, out io.Writer) error {
	top, err := ir.Parse(ctx, src, name)
	if err != nil {
		return err
	}
	if err := ir.Verify(top); err != nil {
		return err
	}
	var mods []*ir.Operation
	if top.Name() == "spirv.module" {
		mods = []*ir.Operation{top}
	} else {
		top.WalkPre(func(op *ir.Operation) (descend, cont bool) {
			if op.Name() == "spirv.module" {
				mods = append(mods, op)
				return false, true // no spirv.module nests in another
			}
			return true, true
		})
	}
	if len(mods) == 0 {
		return top.Errorf("found no 'spirv.module' op to translate")
	}
	if o.mode == "serialize-spirv" {
		if len(mods) > 1 {
			return mods[1].Errorf("found more than one 'spirv.module' op; a binary holds one")
		}
		words, err := serialize.Serialize(mods[0])
		if err != nil {
			return err
		}
		_, err = out.Write(spv.WordsToBytes(words))
		return err
	}
	var back []*ir.Operation
	for _, m := range mods {
		words, err := serialize.Serialize(m)
		if err != nil {
			return err
		}
		d, err := serialize.Deserialize(ctx, words, name)
		if err != nil {
			return err
		}
		back = append(back, d)
	}
	return o.printModules(ctx, back, out)
}

// printModules prints spirv.modules, inside a builtin.module unless
// --no-implicit-module.
func (o *translateOptions) printModules(ctx *ir.Context, mods []*ir.Operation, out io.Writer) error {
	if o.noImplicitModule {
		for _, m := range mods {
			if _, err := out.Write(ir.PrintBytes(m, o.print)); err != nil {
				return err
			}
		}
		return nil
	}
	top := ir.NewModule(ctx, ctx.UnknownLoc())
	for _, m := range mods {
		ir.ModuleBody(top).Append(m)
	}
	_, err := out.Write(ir.PrintBytes(top, o.print))
	return err
}
