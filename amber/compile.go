package amber

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
	"sync"
)

// A Compiler turns shaders into SPIR-V words with spirv-as,
// glslangValidator and spirv-opt, caching the results so that a suite
// compiles each distinct shader once. It is safe for concurrent use; the
// zero value is ready.
type Compiler struct {
	mu    sync.Mutex
	cache map[string][]uint32
}

// Compile returns the SPIR-V of sh after the spirv-opt passes opt; gl
// compiles GLSL for OpenGL rather than Vulkan.
func (c *Compiler) Compile(ctx context.Context, file string, sh *Shader, opt []string, gl bool) ([]uint32, error) {
	key := fmt.Sprintf("%d\x00%s\x00%s\x00%v\x00%s", sh.Format, sh.TargetEnv, strings.Join(opt, " "), gl, sh.Source)
	c.mu.Lock()
	words, ok := c.cache[key]
	c.mu.Unlock()
	if ok {
		return words, nil
	}
	words, err := compile(ctx, sh, opt, gl)
	if err != nil {
		return nil, fmt.Errorf("%s:%d:%d: SHADER %s: %w", file, sh.Line, sh.Col, sh.Name, err)
	}
	c.mu.Lock()
	if c.cache == nil {
		c.cache = map[string][]uint32{}
	}
	c.cache[key] = words
	c.mu.Unlock()
	return words, nil
}

func compile(ctx context.Context, sh *Shader, opt []string, gl bool) ([]uint32, error) {
	dir, err := os.MkdirTemp("", "kiln-amber-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "shader.spv")
	var bin []byte
	switch sh.Format {
	case SPIRVBin:
		bin = []byte(sh.Source)
	case SPIRVHex:
		if bin, err = parseHex(sh.Source); err != nil {
			return nil, err
		}
	case SPIRVAsm:
		env := sh.TargetEnv
		if env == "" {
			env = "spv1.0"
		}
		in := filepath.Join(dir, "shader.spvasm")
		if err := os.WriteFile(in, []byte(sh.Source), 0o644); err != nil {
			return nil, err
		}
		if err := tool(ctx, "spirv-as", "--target-env", env, "-o", out, in); err != nil {
			return nil, err
		}
	case GLSL:
		in := filepath.Join(dir, "shader.comp")
		if err := os.WriteFile(in, []byte(sh.Source), 0o644); err != nil {
			return nil, err
		}
		env, err := glslangEnv(sh.TargetEnv, gl)
		if err != nil {
			return nil, err
		}
		api := "-V"
		if gl {
			api = "-G"
		}
		if err := tool(ctx, "glslangValidator", api, "--target-env", env, "-o", out, in); err != nil {
			return nil, err
		}
	}
	if bin == nil {
		if bin, err = os.ReadFile(out); err != nil {
			return nil, err
		}
	}
	if len(opt) > 0 {
		in := filepath.Join(dir, "in.spv")
		if err := os.WriteFile(in, bin, 0o644); err != nil {
			return nil, err
		}
		if err := tool(ctx, "spirv-opt", append(append([]string{}, opt...), in, "-o", out)...); err != nil {
			return nil, err
		}
		if bin, err = os.ReadFile(out); err != nil {
			return nil, err
		}
	}
	if len(bin)%4 != 0 || len(bin) < 20 {
		return nil, fmt.Errorf("the SPIR-V module is %d bytes, not a whole module", len(bin))
	}
	words := make([]uint32, len(bin)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(bin[4*i:])
	}
	return words, nil
}

// glslangEnv maps an AmberScript TARGET_ENV to glslangValidator's; for
// OpenGL (-G), a Vulkan environment stands for its SPIR-V version.
func glslangEnv(env string, gl bool) (string, error) {
	switch {
	case env == "" && gl:
		return "opengl", nil
	case env == "":
		return "vulkan1.0", nil
	case strings.HasPrefix(env, "vulkan") && gl:
		v, ok := vulkanSPIRV[env]
		if !ok {
			return "", fmt.Errorf("TARGET_ENV %s is not one glslangValidator knows", env)
		}
		return fmt.Sprintf("spirv1.%d", v&0xff00>>8), nil
	case strings.HasPrefix(env, "vulkan"):
		return env, nil
	case strings.HasPrefix(env, "spv"):
		return "spirv" + strings.TrimPrefix(env, "spv"), nil
	}
	return "", fmt.Errorf("TARGET_ENV %s is not one glslangValidator knows", env)
}

// vulkanSPIRV is the newest SPIR-V version of each Vulkan environment.
var vulkanSPIRV = map[string]uint32{"vulkan1.0": 0x10000, "vulkan1.1": 0x10300, "vulkan1.2": 0x10500, "vulkan1.3": 0x10600}

// tool runs a SPIR-V or GLSL tool, returning its output as the error
// when it fails.
func tool(ctx context.Context, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", name, err, strings.TrimSpace(out.String()))
	}
	return nil
}

// parseHex reads SPIRV-HEX text: bytes in hex, optionally 0x-prefixed.
func parseHex(src string) ([]byte, error) {
	var out []byte
	for _, line := range strings.Split(src, "\n") {
		line, _, _ = strings.Cut(line, "#")
		for _, f := range strings.Fields(line) {
			v, err := strconv.ParseUint(strings.TrimPrefix(f, "0x"), 16, 8)
			if err != nil {
				return nil, fmt.Errorf("SPIRV-HEX: %q is not a hex byte", f)
			}
			out = append(out, byte(v))
		}
	}
	return out, nil
}
