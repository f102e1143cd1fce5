package validate

import (
	"fmt"
	"strings"
)

// Env is a target environment of spirv-val's --target-env flag: the rules
// a module is checked against.
type Env string

// The environments Kiln targets.
const (
	Vulkan1_0       Env = "vulkan1.0"
	Vulkan1_1       Env = "vulkan1.1"
	Vulkan1_1Spv1_4 Env = "vulkan1.1spv1.4" // Vulkan 1.1 with VK_KHR_spirv_1_4
	Vulkan1_2       Env = "vulkan1.2"
	Vulkan1_3       Env = "vulkan1.3"
	Spv1_0          Env = "spv1.0" // SPIR-V's own rules, no client API
	Spv1_1          Env = "spv1.1"
	Spv1_2          Env = "spv1.2"
	Spv1_3          Env = "spv1.3"
	Spv1_4          Env = "spv1.4"
	Spv1_5          Env = "spv1.5"
	Spv1_6          Env = "spv1.6"
	OpenGL4_5       Env = "opengl4.5" // GL_ARB_gl_spirv
)

// envs lists every Env with the newest SPIR-V version it accepts.
var envs = []struct {
	env          Env
	major, minor int
}{
	{Vulkan1_0, 1, 0}, {Vulkan1_1, 1, 3}, {Vulkan1_1Spv1_4, 1, 4}, {Vulkan1_2, 1, 5}, {Vulkan1_3, 1, 6},
	{Spv1_0, 1, 0}, {Spv1_1, 1, 1}, {Spv1_2, 1, 2}, {Spv1_3, 1, 3}, {Spv1_4, 1, 4}, {Spv1_5, 1, 5}, {Spv1_6, 1, 6},
	{OpenGL4_5, 1, 0},
}

// Envs returns every environment the package knows.
func Envs() []Env {
	out := make([]Env, len(envs))
	for i, e := range envs {
		out[i] = e.env
	}
	return out
}

// ParseEnv checks a --target-env value such as "vulkan1.2".
func ParseEnv(s string) (Env, error) {
	for _, e := range envs {
		if string(e.env) == s {
			return e.env, nil
		}
	}
	var names []string
	for _, e := range envs {
		names = append(names, string(e.env))
	}
	return "", fmt.Errorf("validate: unknown target environment %q, want one of %s", s, strings.Join(names, ", "))
}

// SPIRVVersion returns the newest SPIR-V version e accepts: 1.0 for
// Vulkan 1.0 and OpenGL 4.5, 1.3 for Vulkan 1.1, 1.5 for Vulkan 1.2, 1.6 for
// Vulkan 1.3. ok is false for an unknown environment.
func (e Env) SPIRVVersion() (major, minor int, ok bool) {
	for _, x := range envs {
		if x.env == e {
			return x.major, x.minor, true
		}
	}
	return 0, 0, false
}
