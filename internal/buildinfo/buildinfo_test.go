package buildinfo

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestFrom(t *testing.T) {
	platform := runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"no build info", nil, "pbemd (devel)\nrevision unknown (built without version control information)\nbuilt with " + runtime.Version() + " for " + platform + "\n"},
		{"a release", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.4.0"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "87226df1a2b3c4d5e6f708192a3b4c5d6e7f8091"}, {Key: "vcs.time", Value: "2026-12-01T19:04:11Z"}, {Key: "vcs.modified", Value: "false"}}},
			"pbemd v1.4.0\nrevision 87226df1a2b3c4d5e6f708192a3b4c5d6e7f8091 (2026-12-01T19:04:11Z)\nbuilt with go1.26.8 for " + platform + "\n"},
		{"a changed work tree", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261201190411-87226df1a2b3+dirty"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "87226df1a2b3c4d5e6f708192a3b4c5d6e7f8091"}, {Key: "vcs.modified", Value: "true"}}},
			"pbemd v0.0.0-20261201190411-87226df1a2b3+dirty\nrevision 87226df1a2b3c4d5e6f708192a3b4c5d6e7f8091, modified\nbuilt with go1.26.8 for " + platform + "\n"},
		{"-buildvcs=false", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"pbemd (devel)\nrevision unknown (built without version control information)\nbuilt with go1.26.8 for " + platform + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := From(tc.bi).String(); got != tc.want {
				t.Errorf("From(%s).String() = %q, want %q", tc.name, got, tc.want)
			}
		})
	}
}
