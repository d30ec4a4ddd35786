package mail

import "testing"

func TestCutQuotedReply(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no quote", "campaign: x\norders: []\n", "campaign: x\norders: []\n"},
		{"reply on top", "campaign: x\norders: []\n\nOn Mon, 23 Nov 2026, pbemd wrote:\n> Your orders are on file.\n> token: REDACTED\n",
			"campaign: x\norders: []\n\n"},
		{"quote without attribution", "campaign: x\n> old\n", "campaign: x\n"},
		{"outlook", "campaign: x\r\n-----Original Message-----\r\nFrom: pbemd\r\n", "campaign: x\r\n"},
		{"all quoted is left for the parser", "> campaign: x\n> orders: []\n", "> campaign: x\n> orders: []\n"},
		{"german client", "orders: []\nAm 23.11.2026 schrieb pbemd:\n> alt\n", "orders: []\n"},
		{"a key ending in a colon is not an attribution", "orders:\n> x\n", "orders:\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := cutQuotedReply(tc.in); got != tc.want {
				t.Errorf("cutQuotedReply(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
