package campaign

import (
	"fmt"
	"strings"
	"time"
)

// Schedule says when turns fall due: either every fixed length, optionally
// at a local time of day, or at fixed weekly times. Deadlines are computed
// in UTC and shown in the schedule's time zone.
type Schedule struct {
	// Every is the turn length. With At set, a deadline falls on the day
	// Every after the previous one, at that local time.
	Every time.Duration `json:"every,omitempty"`
	// At is a local time of day, "HH:MM".
	At string `json:"at,omitempty"`
	// Weekly lists deadlines by weekday and local time, e.g. "mon 20:00".
	Weekly []string `json:"weekly,omitempty"`
	// TimeZone is an IANA zone name; empty means UTC.
	TimeZone string `json:"timezone,omitempty"`
}

// Location loads the schedule's time zone.
func (s Schedule) Location() (*time.Location, error) {
	if s.TimeZone == "" {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(s.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("time zone %q: %w", s.TimeZone, err)
	}
	return loc, nil
}

// Check reports the first problem with the schedule, if any.
func (s Schedule) Check() error {
	if _, err := s.Location(); err != nil {
		return err
	}
	switch {
	case s.Every == 0 && len(s.Weekly) == 0:
		return fmt.Errorf("schedule needs a turn length (every: 72h) or weekly times (weekly: [\"mon 20:00\"])")
	case s.Every != 0 && len(s.Weekly) != 0:
		return fmt.Errorf("schedule has both every and weekly; choose one")
	case s.Every < 0:
		return fmt.Errorf("schedule every %v is negative", s.Every)
	}
	if s.At != "" {
		if _, _, err := parseClock(s.At); err != nil {
			return err
		}
	}
	for _, w := range s.Weekly {
		if _, _, _, err := parseWeekly(w); err != nil {
			return err
		}
	}
	return nil
}

// Next returns the first deadline after the given one (or after the
// campaign's start), in UTC.
func (s Schedule) Next(after time.Time) (time.Time, error) {
	if err := s.Check(); err != nil {
		return time.Time{}, err
	}
	loc, _ := s.Location()
	local := after.In(loc)
	if s.Every > 0 {
		next := local.Add(s.Every)
		if s.At == "" {
			return next.UTC(), nil
		}
		h, m, _ := parseClock(s.At)
		at := time.Date(next.Year(), next.Month(), next.Day(), h, m, 0, 0, loc)
		if !at.After(after) {
			at = at.AddDate(0, 0, 1)
		}
		return at.UTC(), nil
	}
	var best time.Time
	for _, w := range s.Weekly {
		day, h, m, _ := parseWeekly(w)
		ahead := (int(day) - int(local.Weekday()) + 7) % 7
		d := local.AddDate(0, 0, ahead)
		at := time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, loc)
		if !at.After(after) {
			d = d.AddDate(0, 0, 7)
			at = time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, loc)
		}
		if best.IsZero() || at.Before(best) {
			best = at
		}
	}
	return best.UTC(), nil
}

func parseClock(s string) (hour, minute int, err error) {
	t, err := time.Parse("15:04", s)
	if err != nil {
		return 0, 0, fmt.Errorf("time of day %q: want HH:MM, e.g. 20:00", s)
	}
	return t.Hour(), t.Minute(), nil
}

var weekdays = map[string]time.Weekday{
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

func parseWeekly(s string) (time.Weekday, int, int, error) {
	day, clock, ok := strings.Cut(strings.TrimSpace(s), " ")
	wd, known := weekdays[strings.ToLower(day)]
	if !ok || !known {
		return 0, 0, 0, fmt.Errorf("weekly time %q: want a weekday and a time, e.g. \"mon 20:00\"", s)
	}
	h, m, err := parseClock(strings.TrimSpace(clock))
	if err != nil {
		return 0, 0, 0, fmt.Errorf("weekly time %q: %w", s, err)
	}
	return wd, h, m, nil
}
