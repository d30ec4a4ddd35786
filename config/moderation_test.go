package config

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
)

// minimalWith returns the minimal good scenario with extra top-level lines.
func minimalWith(t *testing.T, extra string) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/scenario/good/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return append(src, extra...)
}

func TestModerationDefaults(t *testing.T) {
	sc, err := ParseScenario("minimal.yaml", minimalWith(t, ""), registry)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sc.Moderation, campaign.DefaultModeration()) {
		t.Errorf("moderation = %+v, want the defaults %+v", sc.Moderation, campaign.DefaultModeration())
	}
}

func TestModerationSettings(t *testing.T) {
	sc, err := ParseScenario("minimal.yaml", minimalWith(t, `moderation:
  extensions: {per_player: 1, real_life_week: true}
  reminders: [48h, 30m]
  early_resolution: false
  drop_after: 0
  messages: off
  outage_grace: 2h
  decisions: votes
  vote_time: 72h
`), registry)
	if err != nil {
		t.Fatal(err)
	}
	want := campaign.DefaultModeration()
	want.Extensions.PerPlayer, want.Extensions.RealLifeWeek = 1, true
	want.Reminders = []time.Duration{48 * time.Hour, 30 * time.Minute}
	want.EarlyResolution, want.DropAfter, want.Messages, want.OutageGrace = false, 0, campaign.MessagesOff, 2*time.Hour
	want.Decisions, want.VoteTime = campaign.DecideVotes, 72*time.Hour
	if !reflect.DeepEqual(sc.Moderation, want) {
		t.Errorf("moderation = %+v, want %+v", sc.Moderation, want)
	}
}

func TestModerationProblems(t *testing.T) {
	_, err := ParseScenario("minimal.yaml", minimalWith(t, `moderation:
  reminders: [2 hours]
  messages: secret
  outage_grace: -1h
  extensions: {per_players: 1}
  decisions: players
`), registry)
	if err == nil {
		t.Fatal("bad moderation settings were accepted")
	}
	for _, want := range []string{
		`minimal.yaml:18:15: moderation.reminders[0] "2 hours" is not a duration`,
		`minimal.yaml:19:13: moderation.messages "secret" is not allowed: write signed, anonymous, either or off`,
		`minimal.yaml:20:17: moderation.outage_grace -1h0m0s is negative`,
		`minimal.yaml:21:16: unknown key "per_players" in moderation.extensions; did you mean "per_player"?`,
		`minimal.yaml:22:14: moderation.decisions "players" is not allowed: write votes or gm`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("problems do not say %q:\n%v", want, err)
		}
	}
}
