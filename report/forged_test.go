package report

import (
	"strings"
	"testing"
)

func TestRenderForgedNotice(t *testing.T) {
	n := &ForgedNotice{Title: "Frontier Wars", Campaign: "frontier", Address: "vorn@example.org", Player: "vorn",
		Count: 3, First: "Mon 23 Nov 2026 13:00 CET (12:00 UTC)", Latest: "Tue 24 Nov 2026 09:15 CET (08:15 UTC)",
		Check: "dmarc=fail by mx.example.org"}
	subject, text := RenderForgedNotice(n)
	if subject != "[frontier] Mail forged in your name" {
		t.Errorf("subject = %q", subject)
	}
	checkMail(t, "testdata/forged-player.txt.golden", text)

	gm := *n
	gm.ToGM, gm.Count, gm.Latest = true, 1, gm.First
	subject, text = RenderForgedNotice(&gm)
	if subject != "[frontier] Mail forged in vorn's name" {
		t.Errorf("GM's subject = %q", subject)
	}
	if !strings.Contains(text, "1 mail with") || !strings.Contains(text, "vorn has been told too") {
		t.Errorf("GM's notice of one mail:\n%s", text)
	}
	checkMail(t, "testdata/forged-gm.txt.golden", text)
}
