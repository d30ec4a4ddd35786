package config

import (
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/orders"
)

// maxDepth is the deepest nesting a file may have. A battle file nests
// nine levels (sides, a side, squadrons, a squadron, ships, a ship, damage,
// a box), a scenario six.
const maxDepth = 16

// checker reads the YAML of one file with the strict-YAML kit of orders,
// which collects its problems with the file's name; the checks here are
// the ones only files need.
type checker struct {
	*orders.Collector
	// passwords are the config's password sources, for Test to read.
	passwords []passwordSource
}

func newChecker(file string) *checker {
	return &checker{Collector: &orders.Collector{File: file}}
}

// document reads data as one YAML document of at most limit bytes and
// returns its top node, or nil after recording why it cannot. empty says
// what the file should hold, for a file with nothing in it.
func (c *checker) document(data []byte, limit int, empty string) *yaml.Node {
	if len(data) > limit {
		c.Addf(nil, "file is %d bytes, more than the limit of %d MiB", len(data), limit>>20)
		return nil
	}
	top, extra, ok := c.Document(data, maxDepth)
	switch extra.Marker {
	case "---":
		c.Add(orders.Pos{Line: extra.Line, Col: 1}, "", `a second YAML document starts here with "---"; only one document is read`,
			"remove this line and what follows, or put that in a file of its own")
	case "...":
		c.Add(orders.Pos{Line: extra.Line, Col: 1}, "", `the YAML document ends here with "...", but more text follows; only one document is read`,
			`remove the "..." line or the text after it`)
	}
	if ok && top == nil {
		c.Addf(nil, "%s", empty)
	}
	return top
}

// maxDays bounds a duration in days, far below time.Duration's limit.
const maxDays = 100 * 365

// days reads a duration in whole days, such as 90d, or a Go duration such
// as 2160h.
func (c *checker) days(n *yaml.Node, what string) (time.Duration, bool) {
	s, ok := c.Text(n, what)
	if !ok {
		return 0, false
	}
	if days, cut := strings.CutSuffix(s, "d"); cut {
		if d, err := strconv.Atoi(days); err == nil && d >= 0 && d <= maxDays {
			return time.Duration(d) * 24 * time.Hour, true
		}
	} else if d, err := time.ParseDuration(s); err == nil {
		return d, true
	}
	c.Addf(n, "%s %q is not a duration; write whole days or hours, e.g. 90d or 72h", what, s)
	return 0, false
}

// zone reads an IANA time zone name.
func (c *checker) zone(n *yaml.Node, what string) (string, bool) {
	s, ok := c.Text(n, what)
	if !ok {
		return "", false
	}
	if _, err := time.LoadLocation(s); err != nil || s == "Local" {
		c.Addf(n, "%s %q is not a time zone; write an IANA name such as UTC, Europe/Berlin or America/New_York", what, s)
		return "", false
	}
	return s, true
}
