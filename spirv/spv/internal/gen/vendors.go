package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"sort"
	"strconv"
)

// The part of the SPIR-V registry (spir-v.xml) that names the tools which
// write the generator word of a module header.
type xmlRegistry struct {
	IDs []struct {
		Type string `xml:"type,attr"`
		IDs  []struct {
			Value  string `xml:"value,attr"`
			Vendor string `xml:"vendor,attr"`
			Tool   string `xml:"tool,attr"`
		} `xml:"id"`
	} `xml:"ids"`
}

func loadVendors(path string) ([]vendor, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var reg xmlRegistry
	if err := xml.Unmarshal(data, &reg); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var out []vendor
	for _, ids := range reg.IDs {
		if ids.Type != "vendor" {
			continue
		}
		for _, id := range ids.IDs {
			v, err := strconv.ParseUint(id.Value, 0, 16)
			if err != nil {
				return nil, fmt.Errorf("%s: vendor id %q: %v", path, id.Value, err)
			}
			out = append(out, vendor{id: uint32(v), vendor: id.Vendor, tool: id.Tool})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no vendor ids", path)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out, nil
}
