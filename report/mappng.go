package report

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"strconv"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// encodePNG writes an opaque picture as an 8-bit RGB PNG (RFC 2083), with
// no row filter and deflated at best speed, and the size of its smallest
// text, textPx pixels, in a text chunk (MapTextSize). image/png's encoder tries five
// filters on every row: on these flat pictures that takes two and a half
// times as long and gives a bigger file. The deflater is klauspost's,
// which at best speed takes half the time of compress/flate's and gives a
// smaller file; any PNG reader reads the stream.
func encodePNG(img *image.RGBA, textPx float64) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	d := deflaters.Get().(*deflater)
	defer deflaters.Put(d)
	d.idat.Reset()
	d.zw.Reset(&d.idat)
	row := make([]byte, 1+3*w) // row[0] = 0: filter none
	for y := range h {
		rgbRow(row[1:], img.Pix[y*img.Stride:y*img.Stride+4*w])
		if _, err := d.zw.Write(row); err != nil {
			return nil, fmt.Errorf("deflate row %d: %w", y, err)
		}
	}
	if err := d.zw.Close(); err != nil {
		return nil, fmt.Errorf("deflate: %w", err)
	}
	idat := &d.idat
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 2, 0, 0, 0) // 8 bits, truecolour, deflate, no filter, no interlace
	// The signature and the chunks round IDAT take about 100 bytes.
	out := make([]byte, 0, idat.Len()+128)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	out = appendChunk(out, "IHDR", ihdr)
	out = appendChunk(out, "IDAT", idat.Bytes())
	out = appendChunk(out, "tEXt", []byte(textSizeKey+"\x00"+strconv.FormatFloat(textPx, 'f', -1, 64)))
	return appendChunk(out, "IEND", nil), nil
}

// textSizeKey is the keyword of the text chunk that says the size of a
// map's smallest text.
const textSizeKey = "pbemd min text px"

// MapTextSize reads the size, in the picture's pixels, of the smallest
// text of a map PaintMap or PaintPhoneMap drew, from its text chunk: a
// test of a report multiplies it by the scale the map is shown at to
// know whether its labels read. ok is false for another PNG.
func MapTextSize(png []byte) (px float64, ok bool) {
	const sig = 8
	for at := sig; at+12 <= len(png); {
		n := int(binary.BigEndian.Uint32(png[at:]))
		if n < 0 || at+12+n > len(png) {
			return 0, false
		}
		typ, data := string(png[at+4:at+8]), png[at+8:at+8+n]
		if key, val, found := bytes.Cut(data, []byte{0}); typ == "tEXt" && found && string(key) == textSizeKey {
			v, err := strconv.ParseFloat(string(val), 64)
			return v, err == nil
		}
		at += 12 + n
	}
	return 0, false
}

// deflater is a zlib writer at best speed and the buffer it last wrote.
type deflater struct {
	zw   *zlib.Writer
	idat bytes.Buffer
}

// deflaters keeps deflaters for reuse: each holds a megabyte of state,
// which Reset clears, so a reused one writes the same bytes as a new one,
// and a buffer already grown to a picture's size.
var deflaters = sync.Pool{New: func() any {
	zw, err := zlib.NewWriterLevel(nil, zlib.BestSpeed)
	if err != nil {
		panic(fmt.Sprintf("report: deflater at best speed: %v", err))
	}
	return &deflater{zw: zw}
}}

// rgbRow copies the red, green and blue of each RGBA pixel of src to dst,
// four pixels (twelve bytes) at a time while it can.
func rgbRow(dst, src []byte) {
	n := min(len(dst)/3, len(src)/4)
	i := 0
	for ; i+4 <= n; i += 4 {
		s, d := src[4*i:4*i+16], dst[3*i:3*i+12]
		p0, p1 := binary.LittleEndian.Uint32(s), binary.LittleEndian.Uint32(s[4:])
		p2, p3 := binary.LittleEndian.Uint32(s[8:]), binary.LittleEndian.Uint32(s[12:])
		binary.LittleEndian.PutUint32(d, p0&0xffffff|p1<<24)
		binary.LittleEndian.PutUint32(d[4:], p1>>8&0xffff|p2<<16)
		binary.LittleEndian.PutUint32(d[8:], p2>>16&0xff|p3<<8)
	}
	for ; i < n; i++ {
		copy(dst[3*i:3*i+3], src[4*i:4*i+3])
	}
}

// appendChunk appends a PNG chunk: length, type, data and CRC.
func appendChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}
