package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
)

// needVulkan skips when `kiln devices` cannot reach a device, except under
// CI=true, where the runtime must be testable.
func needVulkan(t *testing.T, code int, stderr string) {
	t.Helper()
	if code == 0 {
		return
	}
	if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
		t.Fatalf("kiln devices exited %d (CI=true: Vulkan must be available): %s", code, stderr)
	}
	t.Skipf("no Vulkan device: %s", stderr)
}

func TestDevicesJSON(t *testing.T) {
	t.Setenv("KILN_DEVICE", "")
	var stdout, stderr bytes.Buffer
	needVulkan(t, dispatch([]string{"devices", "--json"}, nil, &stdout, &stderr), stderr.String())
	var out struct {
		Devices []struct {
			Index      int    `json:"index"`
			Name       string `json:"deviceName"`
			APIVersion string `json:"apiVersion"`
			Limits     struct {
				MaxComputeWorkGroupInvocations uint32 `json:"maxComputeWorkGroupInvocations"`
			} `json:"limits"`
			Subgroup struct {
				Size uint32 `json:"subgroupSize"`
			} `json:"subgroup"`
		} `json:"devices"`
		Selected *int `json:"selected"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout.String())
	}
	if len(out.Devices) == 0 || out.Selected == nil {
		t.Fatalf("no devices or none selected:\n%s", stdout.String())
	}
	for i, d := range out.Devices {
		if d.Index != i || d.Name == "" || !strings.HasPrefix(d.APIVersion, "1.") || d.Limits.MaxComputeWorkGroupInvocations == 0 {
			t.Errorf("device %d: %+v", i, d)
		}
	}
}

func TestDevicesText(t *testing.T) {
	t.Setenv("KILN_DEVICE", "0")
	var stdout, stderr bytes.Buffer
	needVulkan(t, dispatch([]string{"devices"}, nil, &stdout, &stderr), stderr.String())
	text := stdout.String()
	for _, want := range []string{"device 0: ", "(selected)", "workgroups", "subgroups", "heap 0", "queues 0"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

func TestDevicesErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"devices", "--bogus"}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("unknown flag: exit %d, want 2", code)
	}
	stderr.Reset()
	t.Setenv("KILN_DEVICE", "no such device anywhere")
	code := dispatch([]string{"devices"}, nil, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "no such device anywhere") {
		t.Errorf("KILN_DEVICE naming nothing: exit %d, stderr %q; want 1 and the name", code, stderr.String())
	}
}
