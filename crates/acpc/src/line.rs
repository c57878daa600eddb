//! Reading protocol lines with a bound: a line longer than the protocol's limit is
//! discarded up to its end and reported as [`Line::TooLong`], so a peer that never sends a
//! newline costs at most the limit plus one read buffer of memory. The caller may set a
//! time limit before each read (the dealer's response timeout).
use std::io::{self, Read};

/// One line read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// The bytes of the line, without `\n` (a `\r` before it is removed too).
    Text(Vec<u8>),
    /// A line longer than the limit (its bytes are dropped).
    TooLong,
}

/// A buffered, bounded line reader.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    max: usize,
}

impl<R: Read> LineReader<R> {
    /// Reads lines of at most `max` bytes (line end included) from `inner`.
    pub fn new(inner: R, max: usize) -> LineReader<R> {
        LineReader {
            inner,
            buf: vec![0; 4096],
            start: 0,
            end: 0,
            max: max.max(2),
        }
    }

    /// The underlying reader (to set socket timeouts).
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// Reads the next line; `Ok(None)` at the end of the stream (a last line without a
    /// newline is still returned). `before_read` runs before every read of the underlying
    /// stream (an error from it is returned as is).
    ///
    /// # Errors
    /// I/O errors, including timeouts set on the stream.
    pub fn read_line_with(
        &mut self,
        before_read: &mut dyn FnMut(&mut R) -> io::Result<()>,
    ) -> io::Result<Option<Line>> {
        let mut line: Vec<u8> = Vec::new();
        let mut too_long = false;
        loop {
            if let Some(i) = self.buf[self.start..self.end]
                .iter()
                .position(|&b| b == b'\n')
            {
                let chunk = &self.buf[self.start..self.start + i];
                if !too_long && line.len() + i < self.max {
                    line.extend_from_slice(chunk);
                } else {
                    too_long = true;
                }
                self.start += i + 1;
                if too_long {
                    return Ok(Some(Line::TooLong));
                }
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Ok(Some(Line::Text(line)));
            }
            let chunk = &self.buf[self.start..self.end];
            if !too_long && line.len() + chunk.len() < self.max {
                line.extend_from_slice(chunk);
            } else {
                too_long = true;
                line.clear();
            }
            self.start = 0;
            self.end = 0;
            before_read(&mut self.inner)?;
            let n = loop {
                match self.inner.read(&mut self.buf) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    r => break r?,
                }
            };
            if n == 0 {
                if too_long {
                    return Ok(Some(Line::TooLong));
                }
                if line.is_empty() {
                    return Ok(None);
                }
                return Ok(Some(Line::Text(line)));
            }
            self.end = n;
        }
    }

    /// [`LineReader::read_line_with`] without a hook.
    ///
    /// # Errors
    /// I/O errors.
    pub fn read_line(&mut self) -> io::Result<Option<Line>> {
        self.read_line_with(&mut |_| Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_bounded_and_stripped() {
        let mut text = b"a\r\nbb\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', 10_000));
        text.extend(b"\nlast");
        let mut r = LineReader::new(&text[..], 1024);
        assert_eq!(r.read_line().unwrap(), Some(Line::Text(b"a".to_vec())));
        assert_eq!(r.read_line().unwrap(), Some(Line::Text(b"bb".to_vec())));
        assert_eq!(r.read_line().unwrap(), Some(Line::TooLong));
        assert_eq!(r.read_line().unwrap(), Some(Line::Text(b"last".to_vec())));
        assert_eq!(r.read_line().unwrap(), None);
        let exact = [vec![b'y'; 1023], b"\n".to_vec()].concat();
        let mut r = LineReader::new(&exact[..], 1024);
        assert_eq!(r.read_line().unwrap(), Some(Line::Text(vec![b'y'; 1023])));
        let over = [vec![b'y'; 1024], b"\n".to_vec()].concat();
        let mut r = LineReader::new(&over[..], 1024);
        assert_eq!(r.read_line().unwrap(), Some(Line::TooLong));
    }
}
