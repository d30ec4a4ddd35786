package moderator_test

import (
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/game/gametest/claims"
	"github.com/pbemd/pbemd/rules/eaw"
)

// TestThirdRuleset: a ruleset the daemon has never heard of, which passes
// gametest.Conformance (game/gametest/claims), plays by mail beside
// Empires at War: its players are welcomed, their orders confirmed, and
// once both are final the turn resolves and each gets its report.
func TestThirdRuleset(t *testing.T) {
	skipUnderRace(t)
	reg := game.NewRegistry(eaw.Ruleset{}, claims.Ruleset{})
	h := newHarnessWith(t, reg)
	for _, u := range []string{"ada", "bo"} {
		h.world.AddUser(u, password)
	}
	sc, err := config.ParseScenario("claims.yaml", claims.Scenario, reg)
	if err != nil {
		t.Fatalf("claims scenario: %v", err)
	}
	seats, err := h.mod.CreateCampaign(h.ctx, sc)
	if err != nil {
		t.Fatalf("CreateCampaign = %v", err)
	}
	for _, s := range seats {
		h.tokens[s.Player] = s.Token
	}
	for _, p := range []string{"ada", "bo"} {
		h.next(p).want(t, "Welcome to Claims")
		h.next(p).want(t, "Turn 1", "Free: vega, tau, sol.")
	}
	h.send(h.mailFrom("ada", h.ordersIn("claims", "ada", 1, true, "tau")))
	h.next("ada").want(t, "Orders for turn 1 accepted", "- tau", "Claims: 1 of 1.")
	h.send(h.mailFrom("bo", h.ordersIn("claims", "bo", 1, true, "sol")))
	h.next("bo").want(t, "Orders for turn 1 accepted", "- sol")
	for _, p := range []string{"ada", "bo"} {
		h.next(p).want(t, "Turn 2 report", "ada claimed tau (of ada).", "bo claimed sol (of bo).", "Free: vega.")
	}
}
