package metrics

import (
	"bytes"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// expo writes the Prometheus text exposition format (version 0.0.4): for
// each family a HELP and a TYPE line, then its samples.
type expo struct{ w *bytes.Buffer }

// family writes a family's HELP and TYPE lines.
func (e expo) family(name, typ, help string) {
	e.w.WriteString("# HELP " + name + " ")
	e.w.WriteString(strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(help))
	e.w.WriteString("\n# TYPE " + name + " " + typ + "\n")
}

// sample writes one sample; label and value, if label is not empty, are
// its one label.
func (e expo) sample(name, label, value string, v float64) {
	e.w.WriteString(name)
	if label != "" {
		e.w.WriteString("{" + label + `="`)
		e.w.WriteString(strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(value))
		e.w.WriteString(`"}`)
	}
	e.w.WriteString(" " + formatFloat(v) + "\n")
}

// gauge writes a family of one unlabelled gauge.
func (e expo) gauge(name, help string, v float64) {
	e.family(name, "gauge", help)
	e.sample(name, "", "", v)
}

// counter writes a family of one unlabelled counter.
func (e expo) counter(name, help string, v float64) {
	e.family(name, "counter", help)
	e.sample(name, "", "", v)
}

// formatFloat writes a value as Prometheus's own clients do.
func formatFloat(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// counterVec is a counter with one label. A series appears once it has
// been counted, or named with touch.
type counterVec struct {
	name, help, label string

	mu     sync.Mutex
	counts map[string]float64
}

func newCounterVec(name, help, label string) *counterVec {
	return &counterVec{name: name, help: help, label: label, counts: map[string]float64{}}
}

// touch makes a series appear at 0 before anything is counted in it.
func (c *counterVec) touch(value string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[value] += 0
}

func (c *counterVec) inc(value string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[value]++
}

// write writes the family, series ordered by label value; a family with no
// series is left out.
func (c *counterVec) write(e expo) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.counts) == 0 {
		return
	}
	e.family(c.name, "counter", c.help)
	for _, v := range slices.Sorted(maps.Keys(c.counts)) {
		e.sample(c.name, c.label, v, c.counts[v])
	}
}

// counter is a counter without labels.
type counter struct {
	name, help string

	mu    sync.Mutex
	count float64
}

func (c *counter) inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.count++
}

func (c *counter) write(e expo) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.counter(c.name, c.help, c.count)
}

// histogram counts observations in cumulative buckets.
type histogram struct {
	name, help string
	bounds     []float64 // upper bounds, ascending; +Inf is implied

	mu     sync.Mutex
	counts []uint64 // per bucket, not cumulative; the last is +Inf's
	sum    float64
}

func newHistogram(name, help string, bounds ...float64) *histogram {
	return &histogram{name: name, help: help, bounds: bounds, counts: make([]uint64, len(bounds)+1)}
}

func (h *histogram) observe(v float64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	i, _ := slices.BinarySearch(h.bounds, v) // the first bound >= v, as le means
	h.counts[i]++
	h.sum += v
}

func (h *histogram) write(e expo) {
	h.mu.Lock()
	defer h.mu.Unlock()
	e.family(h.name, "histogram", h.help)
	var cum uint64
	for i, n := range h.counts {
		cum += n
		le := math.Inf(1)
		if i < len(h.bounds) {
			le = h.bounds[i]
		}
		e.sample(h.name+"_bucket", "le", formatFloat(le), float64(cum))
	}
	e.sample(h.name+"_sum", "", "", h.sum)
	e.sample(h.name+"_count", "", "", float64(cum))
}
