package spv

import (
	"slices"
)

// Availability says which modules may use an instruction or enumerant.
// Zero fields mean no requirement.
type Availability struct {
	// MinVersion is the first core version that includes it, VersionNone
	// if only extensions provide it, zero if every version does.
	MinVersion Version
	// LastVersion is the last core version that includes it; zero if it is
	// still in the newest.
	LastVersion Version
	// Capabilities: the module must declare at least one of them.
	Capabilities []Capability
	// Extensions: declaring any one of them makes it available to versions
	// below MinVersion.
	Extensions []string
}

// InVersion reports whether core SPIR-V of version v includes it, without
// extensions.
func (a *Availability) InVersion(v Version) bool {
	return v >= a.MinVersion && a.MinVersion != VersionNone && (a.LastVersion == 0 || v <= a.LastVersion)
}

// Available reports whether a module of version v may use it, given which
// extensions the module declares (hasExt may be nil for none). Capabilities
// are a separate check: see Capabilities.
func (a *Availability) Available(v Version, hasExt func(string) bool) bool {
	if a.InVersion(v) {
		return true
	}
	if hasExt == nil {
		return false
	}
	return slices.ContainsFunc(a.Extensions, hasExt)
}

// Implied returns c and every capability it implicitly declares, directly
// or through others, sorted by value.
func (c Capability) Implied() []Capability {
	out := c.closure()
	slices.Sort(out)
	return out
}

// ImpliedNearestFirst returns the capabilities c implicitly declares,
// directly or through others, nearest first and without c (MLIR's
// getRecursiveImpliedCapabilities).
func (c Capability) ImpliedNearestFirst() []Capability { return c.closure()[1:] }

// closure returns c, then what it implicitly declares in breadth-first order.
func (c Capability) closure() []Capability {
	out := []Capability{c}
	for i := 0; i < len(out); i++ {
		e := out[i].Enumerant()
		if e == nil {
			continue
		}
		for _, d := range e.Capabilities {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
}
