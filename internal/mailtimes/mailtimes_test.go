package mailtimes

import (
	"testing"
	"time"
)

func TestCheck(t *testing.T) {
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		name, text string
		loc        *time.Location
	}{
		{"UTC stamp", "Settle it by 2026-12-21 15:00 UTC (UTD3.5).", nil},
		{"clock time alone", "will not read more until 14:05 UTC.", nil},
		{"no UTC beside", "due Thu 10 Dec 2026 00:00 JST.", nil},
		{"UTC twice", "due Thu 10 Dec 2026 00:00 UTC (00:00 UTC).", nil},
		{"another zone", "due Wed 9 Dec 2026 15:00 UTC.", tokyo},
		{"wrong weekday", "due Wed 10 Dec 2026 00:00 JST (15:00 UTC).", tokyo},
		{"wrong UTC", "due Thu 10 Dec 2026 00:00 JST (16:00 UTC).", tokyo},
		{"bare date", "since 2026-11-23, as the log says", nil},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			if got := Check(tc.text, tc.loc); len(got) != 1 {
				t.Errorf("Check(%q) = %q, want one problem", tc.text, got)
			}
		})
	}
	good := []struct {
		name, text string
		loc        *time.Location
	}{
		{"zone and UTC", "due Thu 10 Dec 2026 00:00 JST (15:00 UTC).", tokyo},
		{"wrapped", "due Thu 10 Dec 2026\n  00:00 JST (15:00\nUTC).", tokyo},
		{"UTC reader", "due Thu 10 Dec 2026 00:00 UTC.", time.UTC},
		{"any zone", "at Tue 1 Dec 2026 18:00 -03 (21:00 UTC)", nil},
		{"deadline command", "command: deadline 2026-12-01 20:00   move the deadline", nil},
		{"deadline syntax", "Write the new deadline as 2026-12-01 20:00 (in the campaign's time zone), as 2026-12-01T20:00:00Z, or as +48h", nil},
		{"digest", "digest: daily, daily 18:00 or off; your daily digest at 06:00 (Europe/Berlin)", nil},
		{"no time", "Turn 2 (Y165 summer): 3 of 4 voters", nil},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			if got := Check(tc.text, tc.loc); len(got) != 0 {
				t.Errorf("Check(%q) = %q, want none", tc.text, got)
			}
		})
	}
}
