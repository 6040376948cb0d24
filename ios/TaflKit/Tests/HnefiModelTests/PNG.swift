import Foundation

/// Reads the PNG files rsvg-convert writes (8-bit RGBA or RGB, not interlaced) into pixels,
/// so that the goldens can be compared without an image library: zlib's inflate and PNG's row
/// filters, written out.
struct RGBAImage: Equatable {
    let width: Int
    let height: Int
    /// Four bytes a pixel, rows top to bottom.
    let pixels: [UInt8]

    enum Failure: Error { case notPNG, unsupported(String), corrupt(String) }

    init(png data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [137, 80, 78, 71, 13, 10, 26, 10] else { throw Failure.notPNG }
        var i = 8
        var w = 0, h = 0, colourType = 0
        var compressed: [UInt8] = []
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while i + 8 <= bytes.count {
            let length = be32(i)
            let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            let body = i + 8
            guard body + length <= bytes.count else { throw Failure.corrupt("chunk \(type)") }
            switch type {
            case "IHDR":
                w = be32(body)
                h = be32(body + 4)
                colourType = Int(bytes[body + 9])
                guard bytes[body + 8] == 8, bytes[body + 12] == 0, colourType == 6 || colourType == 2 else {
                    throw Failure.unsupported("depth \(bytes[body + 8]), colour type \(colourType), interlace \(bytes[body + 12])")
                }
            case "IDAT": compressed += bytes[body..<body + length]
            default: break
            }
            i = body + length + 4
        }
        let channels = colourType == 6 ? 4 : 3
        var inflater = Inflater(Array(compressed.dropFirst(2)))
        let raw = try inflater.inflate()
        let stride = w * channels
        guard raw.count >= h * (stride + 1) else { throw Failure.corrupt("\(raw.count) bytes for \(w)x\(h)") }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        for y in 0..<h {
            let filter = raw[y * (stride + 1)]
            var row = Array(raw[y * (stride + 1) + 1..<(y + 1) * (stride + 1)])
            for x in 0..<stride {
                let a = x >= channels ? Int(row[x - channels]) : 0
                let b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let add: Int
                switch filter {
                case 0: add = 0
                case 1: add = a
                case 2: add = b
                case 3: add = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = Swift.abs(p - a), pb = Swift.abs(p - b), pc = Swift.abs(p - c)
                    add = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure.corrupt("filter \(filter)")
                }
                row[x] = UInt8((Int(row[x]) + add) & 0xFF)
            }
            for x in 0..<w {
                for k in 0..<4 {
                    out[(y * w + x) * 4 + k] = k < channels ? row[x * channels + k] : 255
                }
            }
            previous = row
        }
        width = w
        height = h
        pixels = out
    }
}

/// Deflate (RFC 1951): stored, fixed and dynamic Huffman blocks.
private struct Inflater {
    let input: [UInt8]
    var bit = 0
    var out: [UInt8] = []

    init(_ input: [UInt8]) { self.input = input }

    mutating func bits(_ n: Int) throws -> Int {
        var v = 0
        for k in 0..<n {
            guard bit / 8 < input.count else { throw RGBAImage.Failure.corrupt("deflate data ends early") }
            v |= Int(input[bit / 8] >> (bit % 8) & 1) << k
            bit += 1
        }
        return v
    }

    /// A canonical Huffman code from code lengths: (length, code) to symbol.
    struct Code {
        var symbols: [Int: Int] = [:]
        init(_ lengths: [Int]) {
            var code = 0
            for len in 1...15 {
                for (sym, l) in lengths.enumerated() where l == len {
                    symbols[len << 16 | code] = sym
                    code += 1
                }
                code <<= 1
            }
        }
    }

    mutating func decode(_ c: Code) throws -> Int {
        var code = 0
        for len in 1...15 {
            code = code << 1 | (try bits(1))
            if let s = c.symbols[len << 16 | code] { return s }
        }
        throw RGBAImage.Failure.corrupt("bad Huffman code")
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    mutating func inflate() throws -> [UInt8] {
        var last = 0
        while last == 0 {
            last = try bits(1)
            switch try bits(2) {
            case 0:
                bit = (bit + 7) / 8 * 8
                let len = try bits(16)
                _ = try bits(16)
                let start = bit / 8
                guard start + len <= input.count else { throw RGBAImage.Failure.corrupt("stored block") }
                out += input[start..<start + len]
                bit += len * 8
            case 1:
                let lit = Code((0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                try block(lit, Code([Int](repeating: 5, count: 30)))
            case 2:
                let hlit = try bits(5) + 257, hdist = try bits(5) + 1, hclen = try bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var clen = [Int](repeating: 0, count: 19)
                for k in 0..<hclen { clen[order[k]] = try bits(3) }
                let cl = Code(clen)
                var lengths: [Int] = []
                while lengths.count < hlit + hdist {
                    let s = try decode(cl)
                    switch s {
                    case 16: lengths += [Int](repeating: lengths.last ?? 0, count: 3 + (try bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                    case 18: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                    default: lengths.append(s)
                    }
                }
                try block(Code(Array(lengths[0..<hlit])), Code(Array(lengths[hlit...])))
            default:
                throw RGBAImage.Failure.corrupt("block type 3")
            }
        }
        return out
    }

    mutating func block(_ lit: Code, _ dist: Code) throws {
        while true {
            let s = try decode(lit)
            if s < 256 {
                out.append(UInt8(s))
            } else if s == 256 {
                return
            } else {
                let k = s - 257
                let len = Inflater.lengthBase[k] + (try bits(Inflater.lengthExtra[k]))
                let d = try decode(dist)
                let back = Inflater.distBase[d] + (try bits(Inflater.distExtra[d]))
                guard back <= out.count else { throw RGBAImage.Failure.corrupt("distance") }
                for _ in 0..<len { out.append(out[out.count - back]) }
            }
        }
    }
}
