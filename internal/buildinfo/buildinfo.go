// Package buildinfo says which pbemd this is: the module version and the
// version-control revision the go command stamped into the binary, for
// `pbemd version` and the pbemd_build_info metric.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// Info is what a binary knows of its own build.
type Info struct {
	// Version is the main module's version: a release tag (v1.4.0), a
	// pseudo-version from the commit the go command found, or "(devel)".
	Version string
	// Revision is the commit it was built from, Time that commit's time
	// (RFC 3339), and Modified whether the work tree had changes; Revision
	// is empty when the build recorded none (-buildvcs=false, or no
	// checkout).
	Revision, Time string
	Modified       bool
	// Go is the toolchain's version, Platform GOOS/GOARCH.
	Go, Platform string
}

// Read returns this binary's build info.
func Read() Info {
	bi, _ := debug.ReadBuildInfo()
	return From(bi)
}

// From reads bi, which may be nil for a binary built without module
// support.
func From(bi *debug.BuildInfo) Info {
	info := Info{Version: "(devel)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		return info
	}
	if bi.Main.Version != "" {
		info.Version = bi.Main.Version
	}
	if bi.GoVersion != "" {
		info.Go = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Revision = s.Value
		case "vcs.time":
			info.Time = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}

// RevisionText is the revision as `pbemd version` shows it: the commit,
// its time and "modified" if the tree had changes; or why it is unknown.
func (i Info) RevisionText() string {
	if i.Revision == "" {
		return "unknown (built without version control information)"
	}
	s := i.Revision
	if i.Time != "" {
		s += " (" + i.Time + ")"
	}
	if i.Modified {
		s += ", modified"
	}
	return s
}

// String is what `pbemd version` prints.
func (i Info) String() string {
	return fmt.Sprintf("pbemd %s\nrevision %s\nbuilt with %s for %s\n", i.Version, i.RevisionText(), i.Go, i.Platform)
}
