package record

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// MaxLine bounds one input line of a line protocol; a longer one is
// answered with an error and skipped, so no input can exhaust memory.
const MaxLine = 1 << 20

var errLineTooLong = fmt.Errorf("input line longer than %d bytes", MaxLine)

// readLine returns the next line without its newline; a line over MaxLine
// is consumed and reported as errLineTooLong.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > MaxLine+1 {
			tooLong = true
			line = line[:0]
		} else {
			line = append(line, chunk...)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(line) == 0 && !tooLong:
			return nil, io.EOF
		case err != nil && err != io.EOF:
			return nil, err
		}
		if tooLong {
			return nil, errLineTooLong
		}
		return bytes.TrimRight(line, "\r\n"), nil
	}
}

// ServeLines answers each line of in with exactly one line on out, as
// carrom referee and carrom sim do: reply gets the line, or the error of a
// line too long to read. It returns the exit code at the end of the input:
// 0, or 1 when reading failed.
func ServeLines(in io.Reader, out io.Writer, reply func(line []byte, err error) []byte) int {
	r := bufio.NewReader(in)
	w := bufio.NewWriter(out)
	defer w.Flush()
	for {
		line, err := readLine(r)
		if err == io.EOF {
			return 0
		}
		w.Write(reply(line, err))
		w.WriteByte('\n')
		if err != nil && err != errLineTooLong {
			return 1
		}
		// A caller (an umpire, a script) may wait for each answer before it
		// sends the next line.
		if r.Buffered() == 0 {
			w.Flush()
		}
	}
}
