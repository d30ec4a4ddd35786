package control

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/store"
)

// TestVerify: verify gives the same answer directly and over the
// protocol: turn 1 of the duel matches once resolved, a stored state
// changed behind pbemd's back is named, and a turn not resolved or a
// campaign that does not exist keep their sentinel errors over the wire.
func TestVerify(t *testing.T) {
	f := newFixture(t)
	for name, b := range f.backends(t) {
		if _, err := b.Verify(t.Context(), VerifyRequest{Campaign: "duel", Turn: 1}); !errors.Is(err, store.ErrTurnNotFound) {
			t.Errorf("%s: Verify(turn 1 while it is open) = %v, want ErrTurnNotFound", name, err)
		}
		if _, err := b.Verify(t.Context(), VerifyRequest{Campaign: "nowhere"}); !errors.Is(err, store.ErrCampaignNotFound) {
			t.Errorf("%s: Verify(nowhere) = %v, want ErrCampaignNotFound", name, err)
		}
	}
	if _, err := f.admin.Resolve(t.Context(), "duel"); err != nil {
		t.Fatalf("Resolve(duel) = %v", err)
	}
	for name, b := range f.backends(t) {
		v, err := b.Verify(t.Context(), VerifyRequest{Campaign: "duel"})
		if err != nil || len(v.Turns) != 1 || v.Turns[0].Verdict != replay.Matches || len(v.Differing()) != 0 {
			t.Errorf("%s: Verify(duel) = %+v, %v; want turn 1 to match", name, v, err)
		}
	}
	err := f.db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("duel", 2)
		if err != nil {
			return err
		}
		rec.State.Player("red").Treasury += 100
		return tx.PutTurn("duel", rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range f.backends(t) {
		v, err := b.Verify(t.Context(), VerifyRequest{Campaign: "duel", Turn: 1, Force: true})
		if err != nil || len(v.Turns) != 1 || v.Turns[0].Verdict != replay.Differs {
			t.Fatalf("%s: Verify(duel, turn 1) after red's treasury changed = %+v, %v; want it to differ", name, v, err)
		}
		if got := strings.Join(v.Turns[0].Differences, "\n"); !strings.Contains(got, "state.players[red].treasury: the resolution gives ") {
			t.Errorf("%s: differences %q, want red's treasury named", name, got)
		}
	}
}
