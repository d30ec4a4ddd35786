package campaign

import (
	"testing"
	"time"
)

func TestScheduleNext(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		name  string
		s     Schedule
		after string
		want  string
	}{
		{"every 72h", Schedule{Every: 72 * time.Hour}, "2026-11-23T12:00:00Z", "2026-11-26T12:00:00Z"},
		{"every 72h at 20:00 UTC", Schedule{Every: 72 * time.Hour, At: "20:00"}, "2026-11-23T12:00:00Z", "2026-11-26T20:00:00Z"},
		{"at 20:00 Berlin in winter", Schedule{Every: 48 * time.Hour, At: "20:00", TimeZone: "Europe/Berlin"}, "2026-11-23T12:00:00Z", "2026-11-25T19:00:00Z"},
		{"across the spring DST change", Schedule{Every: 24 * time.Hour, At: "20:00", TimeZone: "Europe/Berlin"}, "2026-03-28T19:00:00Z", "2026-03-29T18:00:00Z"},
		{"weekly, next day", Schedule{Weekly: []string{"mon 20:00", "thu 20:00"}}, "2026-11-22T12:00:00Z", "2026-11-23T20:00:00Z"},
		{"weekly, later the same day", Schedule{Weekly: []string{"sun 20:00"}}, "2026-11-22T12:00:00Z", "2026-11-22T20:00:00Z"},
		{"weekly, exactly at a deadline", Schedule{Weekly: []string{"sun 20:00"}}, "2026-11-22T20:00:00Z", "2026-11-29T20:00:00Z"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.s.Next(at(tc.after))
			if err != nil || !got.Equal(at(tc.want)) {
				t.Errorf("Next(%s) = %v, %v; want %s", tc.after, got, err, tc.want)
			}
		})
	}
}

func TestScheduleCheck(t *testing.T) {
	for _, s := range []Schedule{
		{},
		{Every: time.Hour, Weekly: []string{"mon 20:00"}},
		{Every: time.Hour, At: "25:00"},
		{Weekly: []string{"someday 20:00"}},
		{Every: time.Hour, TimeZone: "Mars/Olympus"},
	} {
		if err := s.Check(); err == nil {
			t.Errorf("Check(%+v) = nil, want a problem", s)
		}
	}
}

func TestDateOfTurn(t *testing.T) {
	start := Date{Year: 165, Season: Spring}
	for turn, want := range map[int]Date{1: start, 4: {165, Winter}, 5: {166, Spring}, 10: {167, Summer}} {
		if got := DateOfTurn(start, turn); got != want {
			t.Errorf("DateOfTurn(Y165 spring, %d) = %v, want %v", turn, got, want)
		}
	}
	if got := DateOfTurn(Date{Year: 170, Season: Fall}, 3); got != (Date{Year: 171, Season: Spring}) {
		t.Errorf("DateOfTurn(Y170 fall, 3) = %v, want Y171 spring", got)
	}
}
