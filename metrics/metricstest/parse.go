// Package metricstest reads what /metrics serves with Prometheus's own
// parser (expfmt), as strictly as Prometheus reads it, for tests that
// scrape the daemon.
package metricstest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Scrape gets base's /metrics, as Prometheus does, and reads it with the
// metric and label names every Prometheus accepts; it fails t unless the
// answer is 200 and well formed.
func Scrape(t testing.TB, base string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatalf("GET /metrics: %v", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics = %d, %v:\n%s", resp.StatusCode, err, body)
	}
	p := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := p.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("parse /metrics: %v\n%s", err, body)
	}
	return fams
}

// Value is a series' value, written as in PromQL: name{label="value"}
// with at most one label; a histogram's or a summary's value is its
// count. A missing series is -1.
func Value(fams map[string]*dto.MetricFamily, series string) float64 {
	name, label, _ := strings.Cut(strings.TrimSuffix(series, "}"), "{")
	f := fams[name]
	if f == nil {
		return -1
	}
	for _, m := range f.GetMetric() {
		if label == "" && len(m.GetLabel()) == 0 || label != "" && hasLabel(m, label) {
			return value(f.GetType(), m)
		}
	}
	return -1
}

// hasLabel reports whether m has every label of label, one or more
// name="value" pairs, comma-separated, as a series writes them.
func hasLabel(m *dto.Metric, label string) bool {
	for _, pair := range labelPairs.FindAllString(label, -1) {
		found := false
		for _, l := range m.GetLabel() {
			if fmt.Sprintf("%s=%q", l.GetName(), l.GetValue()) == pair {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// labelPairs matches one name="value" pair of a series' labels.
var labelPairs = regexp.MustCompile(`\w+="(?:[^"\\]|\\.)*"`)

func value(t dto.MetricType, m *dto.Metric) float64 {
	switch t {
	case dto.MetricType_COUNTER:
		return m.GetCounter().GetValue()
	case dto.MetricType_GAUGE:
		return m.GetGauge().GetValue()
	case dto.MetricType_HISTOGRAM:
		return float64(m.GetHistogram().GetSampleCount())
	case dto.MetricType_SUMMARY:
		return float64(m.GetSummary().GetSampleCount())
	}
	return m.GetUntyped().GetValue()
}
