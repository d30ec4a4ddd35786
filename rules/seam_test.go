package rules_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules"
)

// daemon lists the packages of the daemon, and config, which reads the
// generic part of scenarios: they talk to rulesets only through the game
// seam (DESIGN "Rooms").
var daemon = []string{"moderator", "workflow", "replay", "web", "store", "control", "mail", "metrics", "cmd/pbemd", "config"}

// ruleset lists the packages a ruleset owns: the daemon imports none.
var ruleset = []string{"github.com/pbemd/pbemd/rules/eaw", "github.com/pbemd/pbemd/rules/eaw/setup", "github.com/pbemd/pbemd/rules/thunderdome"}

// eawRule matches a citation of an Empires at War rule, "EaW 5a".
var eawRule = regexp.MustCompile(`\bEaW [0-9]`)

// tdRule matches a citation of a Thunderdome IV rule, "UTD3.45".
var tdRule = regexp.MustCompile(`\bUTD[0-9]`)

// kits lists the packages every ruleset shares: the order-language kit
// and the report kit, which the daemon uses and which hold no ruleset's
// rules.
var kits = []string{"orders", "report"}

// tdBlind lists the packages that cite no Thunderdome IV rule either:
// the daemon's, and the order-language kit, whose problems every
// ruleset's players read.
var tdBlind = append(slices.Clone(daemon), "orders")

// TestDaemonIsRulesetBlind: no file of the daemon, nor of the kits it
// uses, imports a ruleset's package or cites an EaW rule, and no file of
// the daemon or of the order kit cites a Thunderdome IV rule; what
// depends on the rules is asked of the campaign's game.Ruleset, and a
// text on a matter the rules govern cites the rule the ruleset names
// (game.Citer). The kits' templates (the texts every ruleset's players
// and GMs read) cite no rule of either: an Empires at War player must
// not read a Thunderdome IV rule number in a reminder or a battle mail.
func TestDaemonIsRulesetBlind(t *testing.T) {
	for _, dir := range append(slices.Clone(daemon), kits...) {
		files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s: %v", dir, err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); slices.Contains(ruleset, p) {
					t.Errorf("%s imports %s, a ruleset's package; ask the game.Ruleset instead", path, p)
				}
			}
			noEaWRule(t, path, src)
			if slices.Contains(tdBlind, dir) {
				noRule(t, path, src, tdRule, "a Thunderdome IV")
			}
		}
	}
	templates, err := filepath.Glob(filepath.Join("..", "report", "*", "*.tmpl"))
	if err != nil || len(templates) == 0 {
		t.Fatalf("no templates in report: %v", err)
	}
	for _, path := range templates {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		noEaWRule(t, path, src)
		noRule(t, path, src, tdRule, "a Thunderdome IV")
	}
}

// noEaWRule fails for every line of src that cites an EaW rule.
func noEaWRule(t *testing.T, path string, src []byte) {
	t.Helper()
	noRule(t, path, src, eawRule, "an EaW")
}

// noRule fails for every line of src that cites a rule that rule
// matches, of the ruleset named.
func noRule(t *testing.T, path string, src []byte, rule *regexp.Regexp, ruleset string) {
	t.Helper()
	for i, line := range strings.Split(string(src), "\n") {
		if rule.MatchString(line) {
			t.Errorf("%s:%d cites %s rule: %s", path, i+1, ruleset, strings.TrimSpace(line))
		}
	}
}

// TestRegistry: the build runs Empires at War and Thunderdome IV, found
// by the names scenarios give.
func TestRegistry(t *testing.T) {
	reg := rules.Registry()
	if names := reg.Names(); !slices.Equal(names, []string{"eaw", "thunderdome"}) {
		t.Errorf("Registry().Names() = %q, want [eaw thunderdome]", names)
	}
	if rs, err := reg.Lookup("eaw"); err != nil || rs.Name() != "eaw" {
		t.Errorf("Lookup(eaw) = %v, %v", rs, err)
	}
	if _, err := reg.Lookup("chess"); err == nil || !strings.Contains(err.Error(), "this pbemd runs eaw, thunderdome") {
		t.Errorf("Lookup(chess) = %v, want an error naming the rulesets there are", err)
	}
}

// TestCitationsAreTheRulesetsOwn: the rule a ruleset names for each of
// the daemon's topics (game.Citer), which the daemon's texts cite, is its
// own: Thunderdome IV names a UTD rule on every one, Empires at War
// none, or an EaW rule, never a UTD one.
func TestCitationsAreTheRulesetsOwn(t *testing.T) {
	topics := []game.Topic{game.TopicBattleContact, game.TopicBattleSettle, game.TopicSilentSide,
		game.TopicForfeit, game.TopicForfeitDrop, game.TopicExtension, game.TopicBattleTime}
	reg := rules.Registry()
	td, err := reg.Lookup("thunderdome")
	if err != nil {
		t.Fatal(err)
	}
	eaw, err := reg.Lookup("eaw")
	if err != nil {
		t.Fatal(err)
	}
	for _, topic := range topics {
		if rule := game.Cite(td, topic); !tdRule.MatchString(rule) || eawRule.MatchString(rule) {
			t.Errorf("thunderdome cites %q on topic %d, want a UTD rule", rule, topic)
		}
		if rule := game.Cite(eaw, topic); rule != "" && !eawRule.MatchString(rule) || tdRule.MatchString(rule) {
			t.Errorf("eaw cites %q on topic %d, want an EaW rule or none", rule, topic)
		}
	}
}
