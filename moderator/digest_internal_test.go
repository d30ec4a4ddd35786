package moderator

import (
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// TestDigestDue: held reports wait for the seat's digest time, unless the
// seat takes no digest or it is the player's turn: they owe orders for
// the open turn and the digest would reach them less than a day before its
// deadline.
func TestDigestDue(t *testing.T) {
	held := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	digest := time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC) // 06:00 UTC, the next after held
	tests := []struct {
		name     string
		deadline time.Time
		status   store.Status
		out      string
		digest   string
		final    bool
		want     time.Time
	}{
		{"no digest", digest.Add(72 * time.Hour), store.Running, "", "", false, held},
		{"deadline far", digest.Add(72 * time.Hour), store.Running, "", "06:00", false, digest},
		{"a day to spare", digest.Add(workflow.DigestLead), store.Running, "", "06:00", false, digest},
		{"less than a day: your turn", digest.Add(workflow.DigestLead - time.Minute), store.Running, "", "06:00", false, held},
		{"deadline before the digest", digest.Add(-time.Hour), store.Running, "", "06:00", false, held},
		{"final orders on file", digest.Add(-time.Hour), store.Running, "", "06:00", true, digest},
		{"paused", digest.Add(-time.Hour), store.Paused, "", "06:00", false, digest},
		{"ended", digest.Add(-time.Hour), store.Ended, "", "06:00", false, digest},
		{"out of the campaign", digest.Add(-time.Hour), store.Running, "dropped by the GM", "06:00", false, digest},
		{"evening digest", digest.Add(72 * time.Hour), store.Running, "", "18:00", false, time.Date(2026, 11, 23, 18, 0, 0, 0, time.UTC)},
	}
	for _, tc := range tests {
		c := &store.Campaign{Status: tc.status}
		s := &store.Seat{Player: "vorn", Out: tc.out, Mail: campaign.MailPrefs{Digest: tc.digest}, Deadline: tc.deadline}
		if got := digestDue(c, s, held, tc.final); !got.Equal(tc.want) {
			t.Errorf("%s: digestDue = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLongestTurn measures the longest gap between deadlines, which says
// whether a digest could ever hold a report.
func TestLongestTurn(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		s    campaign.Schedule
		want time.Duration
	}{
		{"every three days", campaign.Schedule{Every: 72 * time.Hour, At: "20:00"}, 72 * time.Hour},
		{"daily", campaign.Schedule{Every: 24 * time.Hour, At: "20:00"}, 24 * time.Hour},
		{"every 12 hours", campaign.Schedule{Every: 12 * time.Hour}, 12 * time.Hour},
		{"monday and tuesday", campaign.Schedule{Weekly: []string{"mon 20:00", "tue 20:00"}}, 6 * 24 * time.Hour},
		{"no schedule", campaign.Schedule{}, 0},
	}
	for _, tc := range tests {
		if got := workflow.LongestTurn(tc.s, now); got != tc.want {
			t.Errorf("%s: longestTurn(%+v) = %v, want %v", tc.name, tc.s, got, tc.want)
		}
	}
}
