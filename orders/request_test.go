package orders

import (
	"errors"
	"strings"
	"testing"
)

func TestParseExtensionRequest(t *testing.T) {
	src := "campaign: frontier\nplayer: vorn\ntoken: AAAA\nextension: {hours: 48, reason: \"moving house\", real_life: true}\n"
	sub, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := Extension{Hours: 48, Reason: "moving house", RealLife: true}
	if sub.Extension == nil || *sub.Extension != want {
		t.Fatalf("extension = %+v, want %+v", sub.Extension, want)
	}
	if sub.Command != nil || sub.Orders != nil {
		t.Errorf("a request carries no orders or command: %+v", sub)
	}
}

func TestParseCommands(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want Command
	}{
		{"campaign: frontier\ntoken: T\ncommand: deadline 2026-12-01 18:00\n", Command{Verb: "deadline", Args: "2026-12-01 18:00"}},
		{"campaign: frontier\nplayer: vorn\ntoken: T\ncommand: Report 3\n", Command{Verb: "report", Args: "3"}},
		{"campaign: frontier\nplayer: vorn\ntoken: T\ncommand: message castellan\nanonymous: true\ntext: |\n  Shall we talk?\n",
			Command{Verb: "message", Args: "castellan", Text: "Shall we talk?", Anonymous: true}},
	} {
		sub, err := Parse([]byte(tc.src))
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if sub.Command == nil || *sub.Command != tc.want {
			t.Errorf("%q: command = %+v, want %+v", tc.src, sub.Command, tc.want)
		}
	}
}

func TestParseRequestProblems(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"campaign: frontier\ncommand: staus\n", `2:10: unknown command "staus"`},
		{"campaign: frontier\nextension: {hours: 2000}\n", "hours must be from 1 to 672, not 2000"},
		{"campaign: frontier\nextension: {reason: busy}\n", "the extension says no hours:"},
		{"campaign: frontier\nturn: 3\ncommand: status\n", "turn: belongs to orders"},
		{"campaign: frontier\ncommand: status\nextension: {hours: 3}\n", "an extension request or a command, not both"},
		{"campaign: frontier\nplayer: vorn\nturn: 3\norders: []\ntext: hi\n", "text: goes with command: message"},
	} {
		_, err := Parse([]byte(tc.src))
		var ps Problems
		if !errors.As(err, &ps) {
			t.Errorf("%q: err = %v, want problems", tc.src, err)
			continue
		}
		if got := ps.Error(); !strings.Contains(got, tc.want) {
			t.Errorf("%q: problems %q do not say %q", tc.src, got, tc.want)
		}
	}
}
