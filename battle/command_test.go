package battle

import (
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestB5_OutOfCommand: the round after a squadron loses its commander it
// fires at ½, after its side loses the flagship at ¾, and a ship out of
// command at ½; they multiply, then round up: ×4 → ×3 → ×1.5 → 2 (B5 "Out
// of command").
func TestB5_OutOfCommand(t *testing.T) {
	tests := []struct {
		name                   string
		cmdLost, flagLost, ooc bool
		attack, want           int
	}{
		{"in command", false, false, false, 4, 4},
		{"commander lost", true, false, false, 5, 3},
		{"flagship lost", false, true, false, 4, 3},
		{"both", true, true, false, 4, 2},
		{"out of command", false, false, true, 3, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := Side{Player: "a", Squadrons: []Squadron{ship1("a1", stats(campaign.HullHeavy, tc.attack, 5))}}
			b := Side{Player: "b", Squadrons: []Squadron{ship1("b1", stats(campaign.HullHeavy, 1, 5))}}
			f := newTestFight(t, Setup{Sides: []Side{a, b}})
			f.round = 3
			s := f.ships[0]
			if tc.cmdLost {
				s.sq.cmdLost = 2
			}
			if tc.flagLost {
				s.side().flagLost = 2
			}
			s.ooc = tc.ooc
			if got := f.dice(s); got != tc.want {
				t.Errorf("dice = %d, want %d", got, tc.want)
			}
			f.round = 4
			if got := f.dice(s); !tc.ooc && got != tc.attack {
				t.Errorf("two rounds after the loss, dice = %d, want all %d", got, tc.attack)
			}
		})
	}
}

// TestB5_NewCommander: at the end of the round after the loss, the ship
// with the best command rating, then the most structure, takes command;
// ships beyond its rating are out of command for the rest of the battle.
func TestB5_NewCommander(t *testing.T) {
	cat := frontier(t)
	a := fleet(t, cat, "a", []campaign.ClassName{"dreadnought", "destroyer", "destroyer", "destroyer"})
	f := newTestFight(t, Setup{Sides: []Side{a, fleet(t, cat, "b", []campaign.ClassName{"scout"})}})
	sq := f.sides[0].squadrons[0]
	dn, dd1, dd2, dd3 := sq.ships[0], sq.ships[1], sq.ships[2], sq.ships[3]
	dd1.dmg.Structure = 2
	f.round = 1
	f.destroy(dn)
	f.nameCommanders()
	if sq.commander != dn || f.sides[0].flagship != dn {
		t.Fatalf("a new commander is named in the round of the loss")
	}
	f.round = 2
	f.nameCommanders()
	if sq.commander != dd2 || f.sides[0].flagship != dd2 {
		t.Fatalf("commander %v, flagship %v; want dd2, the first undamaged destroyer", sq.commander.id, f.sides[0].flagship.id)
	}
	if dd1.ooc || dd2.ooc || !dd3.ooc {
		t.Errorf("out of command: %v %v %v; want only the third destroyer, beyond dd2's command rating of 1", dd1.ooc, dd2.ooc, dd3.ooc)
	}
}

// TestStarships_KingOfTheHill: the battle goes on while two sides are
// there (001 §7.4h); at the round cap the attacker withdraws without a
// roll and the defender holds; with no defender the side with the most
// Attack holds, a tie broken by a die.
func TestStarships_KingOfTheHill(t *testing.T) {
	cat := frontier(t)
	freighters := []campaign.ClassName{"freighter", "freighter"}
	t.Run("defender holds", func(t *testing.T) {
		a, b := fleet(t, cat, "a", freighters), fleet(t, cat, "b", freighters)
		b.Role = Defender
		o := mustFight(t, Setup{Sides: []Side{a, b}, Seed: 1, MaxRounds: 3})
		if !o.CapReached || o.Rounds != 3 || o.Winner != "b" || o.Ships[0].Fate != FateDisengaged || o.Ships[0].Round != 3 {
			t.Errorf("cap %v after %d rounds, winner %q, a's fate %v in round %d; want the cap after 3, b holding, a gone in round 3",
				o.CapReached, o.Rounds, o.Winner, o.Ships[0].Fate, o.Ships[0].Round)
		}
	})
	t.Run("the strongest holds", func(t *testing.T) {
		a, b := fleet(t, cat, "a", freighters), fleet(t, cat, "b", freighters)
		a.Withdraw, b.Withdraw = WithdrawNever, WithdrawNever
		a.Squadrons[0].Ships[0] = Ship{ID: "gun", Class: "test", Stats: stats(campaign.HullMedium, 1, 999)}
		o := mustFight(t, Setup{Sides: []Side{a, b}, Seed: 1, MaxRounds: 1})
		if o.Winner != "a" || len(events(o, KindTie)) != 0 {
			t.Errorf("winner %q, want a, the only side with attack", o.Winner)
		}
	})
	t.Run("a tie", func(t *testing.T) {
		winners := map[campaign.PlayerID]int{}
		for seed := uint64(0); seed < 100; seed++ {
			o := mustFight(t, Setup{Sides: []Side{fleet(t, cat, "a", freighters), fleet(t, cat, "b", freighters)}, Seed: seed, MaxRounds: 1})
			if len(events(o, KindTie)) != 1 {
				t.Fatalf("seed %d: no tie roll", seed)
			}
			winners[o.Winner]++
		}
		if winners["a"] < 30 || winners["b"] < 30 {
			t.Errorf("ties won %v, want about half each", winners)
		}
	})
}
