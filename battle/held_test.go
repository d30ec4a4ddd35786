package battle

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// unarmed is a one-ship squadron that cannot fire: a battle of two of them
// runs to the round cap.
func unarmed(id string) Squadron { return ship1(id, stats(campaign.HullMedium, 0, 6)) }

// sideFates returns the fates of one side's ships, in setup order.
func sideFates(o *Outcome, side int) []Fate {
	var out []Fate
	for _, s := range o.Ships {
		if s.Side == side {
			out = append(out, s.Fate)
		}
	}
	return out
}

// TestHeld_OrdersToWithdraw: a held attacker whose orders say withdraw
// always never rolls to break off; the log says it stays each round it
// would have tried, and at the round cap it stays too while the defender
// holds the field (EaW 10g). Unheld, the same squadron gets away.
func TestHeld_OrdersToWithdraw(t *testing.T) {
	setup := func(held bool) Setup {
		a := Side{Player: "a", Withdraw: WithdrawAlways, Squadrons: []Squadron{unarmed("a1")}}
		a.Squadrons[0].Held = held
		d := Side{Player: "d", Role: Defender, Withdraw: WithdrawNever, Squadrons: []Squadron{unarmed("d1")}}
		return Setup{Sides: []Side{a, d}, Seed: 3, MaxRounds: 4}
	}
	o := mustFight(t, setup(true))
	if n := len(events(o, KindBreakOff, KindDisengage)); n != 0 {
		t.Errorf("a held squadron logged %d break-offs or disengagements, want none", n)
	}
	held := events(o, KindHeld)
	if len(held) != 4 { // rounds 2, 3 and 4, and the cap
		t.Fatalf("%d held events, want 4: %+v", len(held), held)
	}
	if last := held[3]; last.What != ResultDefender {
		t.Errorf("at the cap the held event says %q, want %q", last.What, ResultDefender)
	}
	if len(events(o, KindCap)) != 0 {
		t.Errorf("a side whose every squadron is held is logged as withdrawing at the cap")
	}
	if f := sideFates(o, 0); f[0] != FateIntact || o.Winner != "d" || !o.CapReached {
		t.Errorf("held attacker %v, winner %q, cap %v; want intact, d, true", f, o.Winner, o.CapReached)
	}
	log := o.String()
	for _, want := range []string{
		"squadron a1 (held: may not break off): a1 test",
		"  a a1 is held and may not break off: it stays and fights\n",
		"  round cap: a a1 is held and may not withdraw: it stays, and the defender holds\n",
		"Result: d holds the field after 4 rounds (round cap)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}

	free := mustFight(t, setup(false))
	if f := sideFates(free, 0); f[0] != FateDisengaged || len(events(free, KindHeld)) != 0 {
		t.Errorf("unheld, the attacker is %v with %d held events; want disengaged and none", f, len(events(free, KindHeld)))
	}
}

// TestHeld_WithdrawAtLoss: a held side that passes its losses limit does
// not break off; it stays and fights to the end.
func TestHeld_WithdrawAtLoss(t *testing.T) {
	cat := frontier(t)
	for seed := uint64(0); seed < 30; seed++ {
		a := fleet(t, cat, "a", []campaign.ClassName{"cruiser", "destroyer", "destroyer"})
		a.WithdrawAtLoss, a.Withdraw, a.Squadrons[0].Held = 10, WithdrawNever, true
		d := fleet(t, cat, "d", []campaign.ClassName{"dreadnought", "cruiser"})
		d.Role, d.Withdraw = Defender, WithdrawNever
		o := mustFight(t, Setup{Sides: []Side{a, d}, Seed: seed})
		if len(events(o, KindLosses)) == 0 {
			t.Fatalf("seed %d: side a never reached its losses limit", seed)
		}
		for _, f := range sideFates(o, 0) {
			if f == FateDisengaged {
				t.Fatalf("seed %d: a held ship disengaged after the losses limit:\n%s", seed, o)
			}
		}
		if len(events(o, KindBreakOff)) > 0 {
			t.Fatalf("seed %d: a held squadron rolled to break off", seed)
		}
	}
}

// TestHeld_OnlyTheHeldSquadronStays: at the round cap the side's free
// squadron withdraws as before and its held one stays.
func TestHeld_OnlyTheHeldSquadronStays(t *testing.T) {
	a := Side{Player: "a", Withdraw: WithdrawNever, Squadrons: []Squadron{unarmed("a1"), unarmed("a2")}}
	a.Squadrons[1].Held = true
	d := Side{Player: "d", Role: Defender, Withdraw: WithdrawNever, Squadrons: []Squadron{unarmed("d1")}}
	o := mustFight(t, Setup{Sides: []Side{a, d}, Seed: 1, MaxRounds: 2})
	if f := sideFates(o, 0); f[0] != FateDisengaged || f[1] != FateIntact {
		t.Errorf("fates %v, want the free squadron disengaged and the held one intact", f)
	}
	if len(events(o, KindCap)) != 1 || len(events(o, KindHeld)) != 1 || o.Winner != "d" {
		t.Errorf("%d cap and %d held events, winner %q; want 1, 1, d:\n%s", len(events(o, KindCap)), len(events(o, KindHeld)), o.Winner, o)
	}
}
