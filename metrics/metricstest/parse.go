// Package metricstest reads the Prometheus text exposition format
// (version 0.0.4) as Prometheus does, strictly, for tests that scrape
// /metrics.
package metricstest

import (
	"bufio"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Family is one metric family: its HELP, its TYPE and its samples.
type Family struct {
	Name, Help, Type string
	Samples          []Sample
}

// Sample is one line of a family: a histogram's buckets, sum and count,
// and a summary's quantiles, sum and count, are samples of their family.
type Sample struct {
	Name   string
	Labels map[string]string
	Value  float64
}

var (
	metricName = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*$`)
	labelName  = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)
	types      = map[string]bool{"counter": true, "gauge": true, "histogram": true, "summary": true, "untyped": true}
)

// Parse reads an exposition. It fails on what Prometheus refuses, and on
// what its own clients never write: a family without HELP and TYPE before
// its samples, a family split or repeated, a sample that belongs to no
// family of its type, a series twice, a histogram whose buckets do not
// add up to its count.
func Parse(text string) (map[string]*Family, error) {
	fams := map[string]*Family{}
	var cur *Family
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		var err error
		switch {
		case line == "":
			err = fmt.Errorf("an empty line")
		case strings.HasPrefix(line, "# HELP "):
			name, help, _ := strings.Cut(line[len("# HELP "):], " ")
			if fams[name] != nil {
				err = fmt.Errorf("family %s again", name)
				break
			}
			cur = &Family{Name: name, Help: unescape(help)}
			fams[name] = cur
			if !metricName.MatchString(name) {
				err = fmt.Errorf("bad metric name %q", name)
			}
		case strings.HasPrefix(line, "# TYPE "):
			name, typ, _ := strings.Cut(line[len("# TYPE "):], " ")
			switch {
			case cur == nil || cur.Name != name:
				err = fmt.Errorf("TYPE of %s without its HELP just before", name)
			case cur.Type != "" || len(cur.Samples) > 0:
				err = fmt.Errorf("TYPE of %s again, or after its samples", name)
			case !types[typ]:
				err = fmt.Errorf("unknown type %q", typ)
			default:
				cur.Type = typ
			}
		case strings.HasPrefix(line, "#"):
			err = fmt.Errorf("a comment that is neither HELP nor TYPE")
		default:
			var s Sample
			if s, err = parseSample(line); err == nil {
				err = add(cur, s)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("line %d %q: %w", n, line, err)
		}
	}
	for _, f := range fams {
		if err := check(f); err != nil {
			return nil, err
		}
	}
	return fams, nil
}

// add adds a sample to the family being read, if it belongs there.
func add(f *Family, s Sample) error {
	if f == nil || f.Type == "" {
		return fmt.Errorf("a sample before any HELP and TYPE")
	}
	suffix, ok := strings.CutPrefix(s.Name, f.Name)
	allowed := map[string][]string{
		"histogram": {"_bucket", "_sum", "_count"},
		"summary":   {"", "_sum", "_count"},
	}[f.Type]
	if !ok || (suffix != "" || allowed != nil) && !slices.Contains(allowed, suffix) {
		return fmt.Errorf("%s is not a sample of the %s %s", s.Name, f.Type, f.Name)
	}
	if (suffix == "_bucket") != (s.Labels["le"] != "") || (f.Type == "summary" && suffix == "") != (s.Labels["quantile"] != "") {
		return fmt.Errorf("%s without its le or quantile label, or with one it should not have", s.Name)
	}
	if f.Type == "counter" && !strings.HasSuffix(f.Name, "_total") {
		return fmt.Errorf("the counter %s does not end in _total", f.Name)
	}
	for _, o := range f.Samples {
		if o.Name == s.Name && fmt.Sprint(o.Labels) == fmt.Sprint(s.Labels) {
			return fmt.Errorf("%s%v twice", s.Name, s.Labels)
		}
	}
	f.Samples = append(f.Samples, s)
	return nil
}

// check checks a family once it is read: a histogram's buckets rise to
// +Inf, which is its count.
func check(f *Family) error {
	if f.Type == "" {
		return fmt.Errorf("family %s has no TYPE", f.Name)
	}
	if f.Type != "histogram" {
		return nil
	}
	last, prev, count := -1.0, math.Inf(-1), -1.0
	for _, s := range f.Samples {
		switch s.Name {
		case f.Name + "_bucket":
			le, err := strconv.ParseFloat(s.Labels["le"], 64)
			if err != nil || le <= prev || s.Value < last {
				return fmt.Errorf("histogram %s: bucket le=%q out of order", f.Name, s.Labels["le"])
			}
			prev, last = le, s.Value
		case f.Name + "_count":
			count = s.Value
		}
	}
	if !math.IsInf(prev, 1) || last != count {
		return fmt.Errorf("histogram %s: the +Inf bucket holds %v, the count is %v", f.Name, last, count)
	}
	return nil
}

// parseSample reads name{label="value",...} value.
func parseSample(line string) (Sample, error) {
	s := Sample{Labels: map[string]string{}}
	rest := line
	i := strings.IndexAny(rest, "{ ")
	if i < 0 {
		return s, fmt.Errorf("no value")
	}
	s.Name, rest = rest[:i], rest[i:]
	if !metricName.MatchString(s.Name) {
		return s, fmt.Errorf("bad metric name %q", s.Name)
	}
	if strings.HasPrefix(rest, "{") {
		rest = rest[1:]
		for !strings.HasPrefix(rest, "}") {
			name, after, ok := strings.Cut(rest, `="`)
			if !ok || !labelName.MatchString(name) {
				return s, fmt.Errorf("bad label at %q", rest)
			}
			value, n, err := quoted(after)
			if err != nil {
				return s, err
			}
			if _, dup := s.Labels[name]; dup {
				return s, fmt.Errorf("label %s twice", name)
			}
			s.Labels[name] = value
			rest = after[n:]
			if r, ok := strings.CutPrefix(rest, ","); ok {
				rest = r
			} else if !strings.HasPrefix(rest, "}") {
				return s, fmt.Errorf("no , or } after label %s", name)
			}
		}
		rest = rest[1:]
	}
	v, ok := strings.CutPrefix(rest, " ")
	if !ok || strings.Contains(v, " ") {
		return s, fmt.Errorf("not one value after the series (timestamps are not written)")
	}
	var err error
	if s.Value, err = strconv.ParseFloat(v, 64); err != nil {
		return s, fmt.Errorf("bad value %q", v)
	}
	return s, nil
}

// quoted reads an escaped label value up to its closing quote, and
// returns it and how much of s it took, the quote included.
func quoted(s string) (string, int, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return b.String(), i + 1, nil
		case '\\':
			if i++; i == len(s) {
				return "", 0, fmt.Errorf("a label value ends in a backslash")
			}
			switch s[i] {
			case '\\', '"':
				b.WriteByte(s[i])
			case 'n':
				b.WriteByte('\n')
			default:
				return "", 0, fmt.Errorf(`bad escape \%c in a label value`, s[i])
			}
		case '\n':
			return "", 0, fmt.Errorf("a newline in a label value")
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, fmt.Errorf("a label value without its closing quote")
}

// unescape undoes HELP's escaping of backslashes and newlines.
func unescape(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\n`, "\n").Replace(s)
}

// Value is a series' value, written as in PromQL: name{label="value"}
// with at most one label; a histogram's or a summary's value is its
// count. A missing series is -1.
func Value(fams map[string]*Family, series string) float64 {
	name, label, _ := strings.Cut(strings.TrimSuffix(series, "}"), "{")
	f := fams[name]
	if f == nil {
		return -1
	}
	want := name
	if f.Type == "histogram" || f.Type == "summary" {
		want += "_count"
	}
	for _, s := range f.Samples {
		if s.Name != want {
			continue
		}
		if label == "" && len(s.Labels) == 0 {
			return s.Value
		}
		for k, v := range s.Labels {
			if fmt.Sprintf("%s=%q", k, v) == label {
				return s.Value
			}
		}
	}
	return -1
}
