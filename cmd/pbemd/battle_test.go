package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const battleExample = "../../scenarios/battle-example.yaml"

func TestBattleSimulate(t *testing.T) {
	code, out, errOut := run(t, "battle", "simulate", battleExample, "--seed", "1")
	if code != exitOK || !strings.HasPrefix(out, "Battle: engine v1, seed 1") || !strings.Contains(out, "Round 1, range long") || !strings.Contains(out, "Result: ") {
		t.Fatalf("battle simulate --seed 1 = %d, %q, %q; want the log", code, out, errOut)
	}
	if _, again, _ := run(t, "battle", "simulate", "--seed", "1", battleExample); again != out {
		t.Error("the same seed, flags first, printed another log")
	}
	if _, other, _ := run(t, "battle", "simulate", battleExample, "--seed", "2"); other == out {
		t.Error("seeds 1 and 2 printed the same log")
	}
}

// TestBattleSimulate_held: a squadron the battle file holds, as a fleet at
// an enemy fortification (EaW 10g), is said to stay where it would have
// broken off, and never breaks off.
func TestBattleSimulate_held(t *testing.T) {
	example, _ := os.ReadFile(battleExample)
	frontier, _ := filepath.Abs("../../scenarios/frontier.yaml")
	text := strings.Replace(string(example), "scenario: frontier.yaml", "scenario: "+frontier, 1)
	text = strings.Replace(text, "withdraw: morale ", "withdraw: always ", 1)
	text = strings.Replace(text, "# held: true ", "held: true   ", 1)
	held := filepath.Join(t.TempDir(), "held.yaml")
	if err := os.WriteFile(held, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "battle", "simulate", held, "--seed", "1")
	if code != exitOK || !strings.Contains(out, "vorn 1st is held and may not break off") {
		t.Fatalf("battle simulate of a held squadron = %d, %q; want it held in the log:\n%s", code, errOut, out)
	}
	if strings.Contains(out, "vorn-1st-1 disengages") {
		t.Errorf("the held squadron broke off:\n%s", out)
	}
}

func TestBattleSimulate_runs(t *testing.T) {
	code, out, errOut := run(t, "battle", "simulate", battleExample, "--seed", "7", "--runs", "300")
	if code != exitOK {
		t.Fatalf("battle simulate --runs 300 = %d, %q", code, errOut)
	}
	for _, want := range []string{
		"300 battles, seeds 7 to 306, engine v1", "Holds the field\n  vorn ", "  castellan ", "  nobody ",
		"Rounds: min ", "median ", "reached the round cap", "    3 | #", "Losses per battle", "  vorn                 6  ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("battle simulate --runs 300 does not say %q:\n%s", want, out)
		}
	}
}

func TestBattleSimulate_bad(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	example, _ := os.ReadFile(battleExample)
	frontier, _ := filepath.Abs("../../scenarios/frontier.yaml")
	text := strings.Replace(string(example), "[dreadnought, escort, freighter]", "[dreadnougt, escort, freighter]", 1)
	text = strings.Replace(text, "scenario: frontier.yaml", "scenario: "+frontier, 1)
	os.WriteFile(bad, []byte(text), 0o644)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no seed", []string{battleExample}, exitUsage, "--seed is required"},
		{"no file", []string{"--seed", "1"}, exitUsage, "name one battle file"},
		{"no runs", []string{battleExample, "--seed", "1", "--runs", "0"}, exitUsage, "--runs 0"},
		{"a problem in the file", []string{bad, "--seed", "1"}, exitProblems, `bad.yaml:32:17: class "dreadnougt" is not in the catalogue; did you mean "dreadnought"?`},
		{"no such file", []string{"nowhere.yaml", "--seed", "1"}, exitFailure, "no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := run(t, append([]string{"battle", "simulate"}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Errorf("battle simulate %v = %d, %q; want %d saying %q", tc.args, code, errOut, tc.code, tc.want)
			}
		})
	}
}
