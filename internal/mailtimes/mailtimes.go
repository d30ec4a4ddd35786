// Package mailtimes finds the times a mail shows that are not written in
// the one form every mail of pbemd uses: in the reader's time zone, with
// UTC beside it, as report.FormatDeadline writes them ("Thu 10 Dec 2026
// 00:00 JST (15:00 UTC)", or "Thu 10 Dec 2026 00:00 UTC" for a reader in
// UTC). Tests check mails and golden files with it.
//
// A few times are not instants and keep their own form: the examples of
// the GM's deadline command ("deadline 2026-12-01 20:00", in the
// campaign's time zone, or RFC 3339), and the time of day of a daily
// digest ("daily 18:00", "digest at 06:00 (Europe/Berlin)").
package mailtimes

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// instant matches a time written as report.FormatDeadline writes it; the
// UTC beside it is checked apart.
var instant = regexp.MustCompile(`\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}) ([A-Za-z]+|[+-]\d{2,4})( \((\d{2}:\d{2}) UTC\))?`)

// examples match the times that are no instants (see the package doc).
var examples = regexp.MustCompile(`\bdeadline \d{4}-\d{2}-\d{2} \d{2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z|\b\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(in the campaign's time zone\)|\bdaily \d{2}:\d{2}\b|\bdigest at \d{2}:\d{2} \([A-Za-z_/+-]+\)`)

// stray matches what is left of any other time: a clock time or a date
// written otherwise.
var stray = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?\b|\b\d{1,2}:\d{2}\b`)

// Check returns a line for every time in text that is not in the one
// form. With loc, each must also be in that time zone, its weekday and
// the UTC beside it right. Lines a mail wraps are read as one.
func Check(text string, loc *time.Location) []string {
	flat := strings.Join(strings.Fields(text), " ")
	var out []string
	rest := instant.ReplaceAllStringFunc(flat, func(s string) string {
		if p := checkInstant(instant.FindStringSubmatch(s), loc); p != "" {
			out = append(out, p)
		}
		return "<time>"
	})
	rest = examples.ReplaceAllString(rest, "<example>")
	for _, s := range stray.FindAllString(rest, -1) {
		out = append(out, fmt.Sprintf("%q is not written in the reader's time zone with UTC beside it", around(rest, s)))
	}
	return out
}

// checkInstant checks one time in the one form: UTC beside any zone but
// UTC, and with loc, the zone, weekday and UTC time loc gives.
func checkInstant(m []string, loc *time.Location) string {
	whole, weekday, date, zone, beside, utc := m[0], m[1], m[2], m[3], m[4], m[5]
	switch {
	case zone == "UTC" && beside != "":
		return fmt.Sprintf("%q gives UTC twice", whole)
	case zone != "UTC" && beside == "":
		return fmt.Sprintf("%q lacks the UTC time beside it", whole)
	case loc == nil:
		return ""
	}
	t, err := time.ParseInLocation("2 Jan 2006 15:04", date, loc)
	if err != nil {
		return fmt.Sprintf("%q: %v", whole, err)
	}
	switch {
	case t.Format("MST") != zone:
		return fmt.Sprintf("%q is not in the reader's time zone %s (%s)", whole, loc, t.Format("MST"))
	case t.Format("Mon") != weekday:
		return fmt.Sprintf("%q: %s is a %s", whole, date, t.Format("Monday"))
	case beside != "" && t.UTC().Format("15:04") != utc:
		return fmt.Sprintf("%q: it is %s UTC", whole, t.UTC().Format("15:04"))
	}
	return ""
}

// around quotes s with a few words of the text around it.
func around(text, s string) string {
	i := strings.Index(text, s)
	from, to := max(0, i-30), min(len(text), i+len(s)+30)
	return text[from:to]
}
