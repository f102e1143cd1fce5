package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// optimizeCompiled runs SPIRV-Tools' spirv-opt with flags (split on
// spaces, e.g. "-O") on each compiled module, for the module's target
// environment, and validates the result again: spirv-opt is a second
// compiler whose output Kiln's checks have not seen.
func optimizeCompiled(compiled []*kiln.Module, flags string) error {
	path, err := exec.LookPath("spirv-opt")
	if err != nil {
		return fmt.Errorf("--spirv-opt needs SPIRV-Tools' spirv-opt on PATH: %v", err)
	}
	for _, c := range compiled {
		env := c.Env
		args := append(strings.Fields(flags), "--target-env="+env, "-", "-o", "-")
		in := make([]byte, 4*len(c.Words))
		for i, w := range c.Words {
			in[4*i], in[4*i+1], in[4*i+2], in[4*i+3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
		}
		cmd := exec.Command(path, args...)
		cmd.Stdin = bytes.NewReader(in)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("spirv-opt %s on module %s: %v\n%s", strings.Join(args, " "), c.Name, err, errOut.String())
		}
		words, err := spv.BytesToWords(out.Bytes())
		if err != nil {
			return fmt.Errorf("spirv-opt's output for module %s: %v", c.Name, err)
		}
		if err := (&validate.Validator{Env: validate.Env(env)}).Validate(context.Background(), words); err != nil {
			return fmt.Errorf("module %s fails validation after spirv-opt %s: %v", c.Name, flags, err)
		}
		c.Words = words
	}
	return nil
}
