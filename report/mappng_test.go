package report

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestEncodePNG_lossless: what a PNG reader decodes from encodePNG is the
// painted picture, pixel for pixel: a map, and noise no deflater can
// shrink.
func TestEncodePNG_lossless(t *testing.T) {
	m, err := newMapModel(fixedMap(), false)
	if err != nil {
		t.Fatal(err)
	}
	noise := image.NewRGBA(image.Rect(0, 0, 301, 97))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise.Pix {
		noise.Pix[i] = uint8(rng.Uint32())
		if i%4 == 3 {
			noise.Pix[i] = 0xff
		}
	}
	for name, img := range map[string]*image.RGBA{"map": m.paint(), "noise": noise} {
		b, err := encodePNG(img, 12)
		if err != nil {
			t.Fatalf("%s: encodePNG: %v", name, err)
		}
		dec, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: decode: %v", name, err)
		}
		got := image.NewRGBA(dec.Bounds())
		draw.Draw(got, got.Rect, dec, dec.Bounds().Min, draw.Src)
		if got.Rect != img.Rect || !bytes.Equal(got.Pix, img.Pix) {
			t.Errorf("%s: the decoded picture differs from the painted one", name)
		}
	}
}
