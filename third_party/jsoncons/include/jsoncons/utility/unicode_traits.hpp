// Copyright 2013-2026 Daniel Parker
// Distributed under the Boost license, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// See https://github.com/danielaparker/unicode_traits for latest version

/*
 * Includes code derived from Unicode, Inc decomposition code in ConvertUTF.h and ConvertUTF.c 
 * http://www.unicode.org/  
 *  
 * "Unicode, Inc. hereby grants the right to freely use the information
 * supplied in this file in the creation of products supporting the
 * Unicode Standard."
*/

#ifndef JSONCONS_UTILITY_UNICODE_TRAITS_HPP
#define JSONCONS_UTILITY_UNICODE_TRAITS_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <system_error>
#include <type_traits>

#include <jsoncons/config/compiler_support.hpp>
#include <jsoncons/config/jsoncons_config.hpp>
#include <jsoncons/utility/more_type_traits.hpp>

namespace jsoncons { 
namespace unicode_traits {

    enum class encoding_kind {undetected,utf8,utf16le,utf16be,utf32le,utf32be};

    inline
    std::string to_string(encoding_kind encoding)
    {
        switch (encoding)
        {
            case encoding_kind::utf8:
                return "utf8";
            case encoding_kind::utf16le:
                return "utf16le";
            case encoding_kind::utf16be:
                return "utf16be";
            case encoding_kind::utf32le:
                return "utf32le";
            case encoding_kind::utf32be:
                return "utf32be";
            default:
                return "undetected";
        }
    }

    template <typename Byte>
    struct detect_encoding_result
    {
        const Byte* ptr;
        encoding_kind encoding;
    };

    template <typename CharT>
    typename std::enable_if<ext_traits::is_char8<CharT>::value,detect_encoding_result<CharT>>::type
    detect_encoding_from_bom(const CharT* data, std::size_t length)
    {
        static constexpr uint8_t bom_utf8[] = {0xef,0xbb,0xbf}; 
        static constexpr uint8_t bom_utf16le[] = {0xff,0xfe}; 
        static constexpr uint8_t bom_utf16be[] = {0xfe,0xff}; 
        static constexpr uint8_t bom_utf32le[] = {0xff,0xfe,0x00,0x00}; 
        static constexpr uint8_t bom_utf32be[] = {0x00,0x00,0xfe,0xff}; 

        if (length >= 4 && !memcmp(data,bom_utf32le,4))
        {
            return detect_encoding_result<CharT>{data+4,encoding_kind::utf32le};
        }
        else if (length >= 4 && !memcmp(data,bom_utf32be,4))
        {
            return detect_encoding_result<CharT>{data+4,encoding_kind::utf32be};
        }
        else if (length >= 2 && !memcmp(data,bom_utf16le,2))
        {
            return detect_encoding_result<CharT>{data+2,encoding_kind::utf16le};
        }
        else if (length >= 2 && !memcmp(data,bom_utf16be,2))
        {
            return detect_encoding_result<CharT>{data+2,encoding_kind::utf16be};
        }
        else if (length >= 3 && !memcmp(data,bom_utf8,3))
        {
            return detect_encoding_result<CharT>{data+3,encoding_kind::utf8};
        }
        else
        {
            return detect_encoding_result<CharT>{data,encoding_kind::undetected};
        }
    }

    template <typename CharT>
    typename std::enable_if<ext_traits::is_char16<CharT>::value || ext_traits::is_char32<CharT>::value,detect_encoding_result<CharT>>::type
    detect_encoding_from_bom(const CharT* data, std::size_t)
    {
        return detect_encoding_result<CharT>{data,encoding_kind::undetected};
    }

    template <typename CharT>
    typename std::enable_if<ext_traits::is_char8<CharT>::value,detect_encoding_result<CharT>>::type
    detect_json_encoding(const CharT* data, std::size_t length)
    {
        detect_encoding_result<CharT> r = detect_encoding_from_bom(data,length);
        if (r.encoding != encoding_kind::undetected)
        {
            return r;
        }
        else if (length < 4)
        {
            return detect_encoding_result<CharT>{data,encoding_kind::utf8};
        }
        else if (*data == 0 && *(data+1) == 0 && *(data+2) == 0)
        {
            return detect_encoding_result<CharT>{data,encoding_kind::utf32be};
        }
        else if (*data == 0 && *(data+2) == 0)
        {
            return detect_encoding_result<CharT>{data,encoding_kind::utf16be};
        }
        else if (*(data+1) == 0 && *(data+2) == 0 && *(data+3) == 0)
        {
            return detect_encoding_result<CharT>{data,encoding_kind::utf32le};
        }
        else if (*(data+1) == 0 && *(data+3) == 0)
        {
            return detect_encoding_result<CharT>{data,encoding_kind::utf16le};
        }
        else
        {
            return detect_encoding_result<CharT>{data,encoding_kind::utf8};
        }
    }

    template <typename CharT>
    typename std::enable_if<ext_traits::is_char16<CharT>::value || ext_traits::is_char32<CharT>::value,detect_encoding_result<CharT>>::type
    detect_json_encoding(const CharT* data, std::size_t)
    {
        return detect_encoding_result<CharT>{data,encoding_kind::undetected};
    }

    /*
     * Magic values subtracted from a buffer value during UTF8 conversion.
     * This table contains as many values as there might be trailing bytes
     * in a UTF-8 sequence. Source: ConvertUTF.c
     *
     * Seventh element added to satisfy GCC 16; see issue #712
     */
    JSONCONS_INLINE_CONSTEXPR uint32_t offsets_from_utf8[7] = { 0x00000000UL, 0x00003080UL, 0x000E2080UL,
                  0x03C82080UL, 0xFA082080UL, 0x82082080UL, 0x00000000UL };

    /*
     * Once the bits are split out into bytes of UTF-8, this is a mask OR-ed
     * into the first byte, depending on how many bytes follow.  There are
     * as many entries in this table as there are UTF-8 sequence types.
     * (I.e., one byte sequence, two byte... etc.). Remember that sequencs
     * for *legal* UTF-8 will be 4 or fewer bytes total. Source: ConvertUTF.c
     */
    JSONCONS_INLINE_CONSTEXPR uint8_t first_byte_mark[7] = { 0x00, 0x00, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC };

    /*
     * Index into the table below with the first byte of a UTF-8 sequence to
     * get the number of trailing bytes that are supposed to follow it.
     * Note that *legal* UTF-8 values can't have 4 or 5-bytes. The table is
     * left as-is for anyone who may want to do such conversion, which was
     * allowed in earlier algorithms. Source: ConvertUTF.c
     */
    JSONCONS_INLINE_CONSTEXPR uint8_t trailing_bytes_for_utf8[256] = {
        0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
        0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
        0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
        0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
        0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
        0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
        1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1, 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
        2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2, 3,3,3,3,3,3,3,3,4,4,4,4,5,5,5,5
    };

    // Some fundamental constants.  Source: ConvertUTF.h 
    JSONCONS_INLINE_CONSTEXPR uint32_t replacement_char = 0x0000FFFD;
    JSONCONS_INLINE_CONSTEXPR uint32_t max_bmp = 0x0000FFFF;
    JSONCONS_INLINE_CONSTEXPR uint32_t max_utf16 = 0x0010FFFF;
    JSONCONS_INLINE_CONSTEXPR uint32_t max_utf32 = 0x7FFFFFFF;
    JSONCONS_INLINE_CONSTEXPR uint32_t max_legal_utf32 = 0x0010FFFF;

    JSONCONS_INLINE_CONSTEXPR int half_shift  = 10; // used for shifting by 10 bits
    JSONCONS_INLINE_CONSTEXPR uint32_t half_base = 0x0010000UL;
    JSONCONS_INLINE_CONSTEXPR uint32_t half_mask = 0x3FFUL;

    JSONCONS_INLINE_CONSTEXPR uint16_t sur_high_start = 0xD800;
    JSONCONS_INLINE_CONSTEXPR uint16_t sur_high_end = 0xDBFF;
    JSONCONS_INLINE_CONSTEXPR uint16_t sur_low_start = 0xDC00;
    JSONCONS_INLINE_CONSTEXPR uint16_t sur_low_end = 0xDFFF;

    inline
    static bool is_continuation_byte(unsigned char ch)
    {
        return (ch & 0xC0) == 0x80;
    }

    inline
    bool is_high_surrogate(uint32_t ch) noexcept
    {
        return (ch >= sur_high_start && ch <= sur_high_end);
    }

    inline
    bool is_low_surrogate(uint32_t ch) noexcept
    {
        return (ch >= sur_low_start && ch <= sur_low_end);
    }

    inline
    bool is_surrogate(uint32_t ch) noexcept
    {
        return (ch >= sur_high_start && ch <= sur_low_end);
    }

    enum class strict_flag 
    {
        strict = 0,
        lenient
    };

    // unicode_errc

    enum class unicode_errc 
    {
        success = 0,
        over_long_utf8_sequence = 1, // over long utf8 sequence
        bad_continuation_byte,       // expected continuation byte    
        unpaired_high_surrogate,     // unpaired high surrogate UTF-16
        illegal_surrogate_value,     // UTF-16 surrogate values are illegal in UTF-32
        source_exhausted,            // partial character in source, but hit end
        source_illegal               // source sequence is illegal/malformed
    };

    class Unicode_traits_error_category_impl_
       : public std::error_category
    {
    public:
        virtual const char* name() const noexcept
        {
            return "unicode_traits conversion error";
        }
        virtual std::string message(int ev) const
        {
            switch (static_cast<unicode_errc>(ev))
            {
            case unicode_errc::over_long_utf8_sequence:
                return "Over long utf8 sequence";
            case unicode_errc::bad_continuation_byte:
                return "Expected continuation byte";
            case unicode_errc::unpaired_high_surrogate:
                return "Unpaired high surrogate UTF-16";
            case unicode_errc::illegal_surrogate_value:
                return "UTF-16 surrogate values are illegal in UTF-32";
            case unicode_errc::source_exhausted:
                return "Partial character in source, but hit end";
            case unicode_errc::source_illegal:
                return "Source sequence is illegal/malformed";
            default:
                return "";
                break;
            }
        }
    };

    inline
    const std::error_category& unicode_traits_error_category() noexcept
    {
      static Unicode_traits_error_category_impl_ instance;
      return instance;
    }

    inline 
    std::error_code make_error_code(unicode_errc result) noexcept
    {
        return std::error_code(static_cast<int>(result),unicode_traits_error_category());
    }

} // unicode_traits
} // namespace jsoncons

namespace std {
    template<>
    struct is_error_code_enum<jsoncons::unicode_traits::unicode_errc> : public true_type
    {
    };
} // namespace std

namespace jsoncons { 
namespace unicode_traits {

    // utf8

    inline
    unicode_errc is_legal_utf8(const uint8_t* bytes, std::size_t length) noexcept
    {
        const uint8_t* it = reinterpret_cast<const uint8_t*>(bytes);
        const uint8_t* end = it+length;

        uint8_t byte;
        switch (length) {
        default:
            return unicode_errc::over_long_utf8_sequence;
        case 4:
            if (((byte = (*--end))& 0xC0) != 0x80)
                return unicode_errc::bad_continuation_byte;
            JSONCONS_FALLTHROUGH;
        case 3:
            if (((byte = (*--end))& 0xC0) != 0x80)
                return unicode_errc::bad_continuation_byte;
            JSONCONS_FALLTHROUGH;
        case 2:
            if (((byte = (*--end))& 0xC0) != 0x80)
                return unicode_errc::bad_continuation_byte;

            switch (*it) 
            {
                // no fall-through in this inner switch
                case 0xE0: if (byte < 0xA0) return unicode_errc::source_illegal; break;
                case 0xED: if (byte > 0x9F) return unicode_errc::source_illegal; break;
                case 0xF0: if (byte < 0x90) return unicode_errc::source_illegal; break;
                case 0xF4: if (byte > 0x8F) return unicode_errc::source_illegal; break;
                default:   if (byte < 0x80) return unicode_errc::source_illegal;
            }

            JSONCONS_FALLTHROUGH;
        case 1:
            if (*it >= 0x80 && *it < 0xC2)
                return unicode_errc::source_illegal;
            break;
        }
        if (*it > 0xF4) 
            return unicode_errc::source_illegal;

        return unicode_errc();
    }

    template <typename...> using void_t = void;

    template <typename,typename,typename = void>
    struct is_output_iterator : std::false_type {};

    template <typename I,typename E>
    struct is_output_iterator<I, E, void_t<
        typename std::iterator_traits<I>::iterator_category,
        decltype(*std::declval<I>() = std::declval<E>())>> : std::true_type {};

    // is_same_size fixes issue with vs2013

    // primary template
    template <typename T1,typename T2,typename Enable = void>
    struct is_same_size : std::false_type 
    {
    };
     
    // specialization for non void types
    template <typename T1,typename T2>
    struct is_same_size<T1, T2,typename std::enable_if<!std::is_void<T1>::value && !std::is_void<T2>::value>::type>
    {
        static constexpr bool value = (sizeof(T1) == sizeof(T2));
    }; 

    // convert

    template <typename CharT>
    struct unicode_result
    {
        const CharT* ptr;
        unicode_errc ec;
    };

    // to_codepoint

    template <typename CharT,typename CodepointT>
    typename std::enable_if<ext_traits::is_char8<CharT>::value && ext_traits::is_char32<CodepointT>::value,
                            unicode_result<CharT>>::type 
    to_codepoint(const CharT* first, const CharT* last, 
                 CodepointT& ch, 
                 strict_flag flags = strict_flag::strict) noexcept
    {
        const uint8_t* it = reinterpret_cast<const uint8_t*>(first);
        const uint8_t* end = reinterpret_cast<const uint8_t*>(last);

        ch = 0;
        if (it >= end)
        {
            return unicode_result<CharT>{reinterpret_cast<const CharT*>(it), unicode_errc::source_exhausted};
        }
        unicode_errc  result{};

        uint16_t extra_bytes_to_read = trailing_bytes_for_utf8[*it];
        if (extra_bytes_to_read >= end - it) 
        {
            result = unicode_errc::source_exhausted; 
            return unicode_result<CharT>{reinterpret_cast<const CharT*>(it), result};
        }
        // Do this check whether lenient or strict 
        if ((result=is_legal_utf8(it, extra_bytes_to_read+1)) != unicode_errc()) 
        {
            return unicode_result<CharT>{reinterpret_cast<const CharT*>(it), result};
        }
        // The cases all fall through. See "Note A" below.
        switch (extra_bytes_to_read) 
        {
            case 5: 
                ch += *it++; 
                ch <<= 6;
                JSONCONS_FALLTHROUGH;
            case 4: 
                ch += *it++; 
                ch <<= 6;
                JSONCONS_FALLTHROUGH;
            case 3: 
                ch += *it++; 
                ch <<= 6;
                JSONCONS_FALLTHROUGH;
            case 2: 
                ch += *it++; 
                ch <<= 6;
                JSONCONS_FALLTHROUGH;
            case 1: 
                ch += *it++; 
                ch <<= 6;
                JSONCONS_FALLTHROUGH;
            case 0: 
                ch += *it++;
                break;
        }
        ch -= offsets_from_utf8[extra_bytes_to_read];

        if (ch <= max_legal_utf32) {
            /*
             * UTF-16 surrogate values are illegal in UTF-32, and anything
             * over Plane 17 (> 0x10FFFF) is illegal.
             */
            if (is_surrogate(ch) ) 
            {
                if (flags == strict_flag::strict) 
                {
                    it -= (extra_bytes_to_read+1); // return to the illegal value itself
                    result = unicode_errc::source_illegal;
                    return unicode_result<CharT>{reinterpret_cast<const CharT*>(it), result};
                } 
                else
                {
                    ch = replacement_char;
                }
            }
        } 
        else // i.e., ch > max_legal_utf32
        { 
            result = unicode_errc::source_illegal;
            ch = replacement_char;
        }

        return unicode_result<CharT>{reinterpret_cast<const CharT*>(it),result} ;
    }

    template <typename CharT,typename CodepointT>
    typename std::enable_if<ext_traits::is_char16<CharT>::value && ext_traits::is_char32<CodepointT>::value,
                            unicode_result<CharT>>::type 
    to_codepoint(const CharT* first, const CharT* last, 
                 CodepointT& ch, 
                 strict_flag flags = strict_flag::strict) noexcept
    {
        ch = 0;
        if (first >= last)
        {
            return unicode_result<CharT>{first, unicode_errc::source_exhausted};
        }
        unicode_errc  result{};

        ch = *first++;
        // If we have a surrogate pair, convert to UTF32 first. 
        if (is_high_surrogate(ch)) 
        {
            // If the 16 bits following the high surrogate are in the first buffer... 
            if (first < last) 
            {
                uint32_t ch2 = *first;
                // If ptr's a low surrogate, convert to UTF32. 
                if (ch2 >= sur_low_start && ch2 <= sur_low_end ) 
                {
                    ch = ((ch - sur_high_start) << half_shift)
                        + (ch2 - sur_low_start) + half_base;
                    ++first;
                } 
                else if (flags == strict_flag::strict) // ptr's an unpaired high surrogate 
                { 
                    --first; /* return to the illegal value itself */
                    result = unicode_errc::source_illegal;
                    return unicode_result<CharT>{first, result};
                }
            } 
            else 
            { /* We don't have the 16 bits following the high surrogate. */
                --first; /* return to the high surrogate */
                result = unicode_errc::source_exhausted;
                return unicode_result<CharT>{first, result};
            }
        } else if (flags == strict_flag::strict) {
            /* UTF-16 surrogate values are illegal in UTF-32 */
            if (is_low_surrogate(ch) ) 
            {
                --first; /* return to the illegal value itself */
                result = unicode_errc::source_illegal;
                return unicode_result<CharT>{first, result};
            }
        }
        
        return unicode_result<CharT>{first,result} ;
    }

    template <typename CharT,typename CodepointT>
    typename std::enable_if<ext_traits::is_char32<CharT>::value && ext_traits::is_char32<CodepointT>::value,
                            unicode_result<CharT>>::type 
    to_codepoint(const CharT* first, const CharT* last, 
                 CodepointT& ch, 
                 strict_flag flags = strict_flag::strict) noexcept
    {
        ch = 0;
        if (first >= last)
        {
            return unicode_result<CharT>{first, unicode_errc::source_exhausted};
        }
        unicode_errc  result{};

        ch = *first++;
        if (flags == strict_flag::strict ) 
        {
            /* UTF-16 surrogate values are illegal in UTF-32 */
            if (is_surrogate(ch)) 
            {
                --first; /* return to the illegal value itself */
                result = unicode_errc::illegal_surrogate_value;
                return unicode_result<CharT>{first,result} ;
            }
        }
        if (!(ch <= max_legal_utf32))
        {
            ch = replacement_char;
            result = unicode_errc::source_illegal;
        }

        return unicode_result<CharT>{first,result} ;
    }

    // convert

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char8<CharT>::value
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char8<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, Container& target, strict_flag flags=strict_flag::strict) 
    {
        (void)flags;

        const uint8_t* it = reinterpret_cast<const uint8_t*>(data);
        const uint8_t* end = it + length;

        unicode_errc  result{};
        while (it != end) 
        {
            std::size_t len = trailing_bytes_for_utf8[*it] + 1;
            if (len > (std::size_t)(end - it))
            {
                return unicode_result<CharT>{reinterpret_cast<const CharT*>(it), unicode_errc::source_exhausted};
            }
            if ((result=is_legal_utf8(it, len)) != unicode_errc())
            {
                return unicode_result<CharT>{reinterpret_cast<const CharT*>(it),result};
            }

            switch (len) {
                case 4: target.push_back(*it++);
                    JSONCONS_FALLTHROUGH;
                case 3: target.push_back(*it++);
                    JSONCONS_FALLTHROUGH;
                case 2: target.push_back(*it++);
                    JSONCONS_FALLTHROUGH;
                case 1: target.push_back(*it++);
            }
        }
        return unicode_result<CharT>{reinterpret_cast<const CharT*>(it),result};
    }

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char8<CharT>::value
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char16<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, 
            Container& target, 
            strict_flag flags = strict_flag::strict) 
    {
        unicode_errc  result{};

        const uint8_t* it = reinterpret_cast<const uint8_t*>(data);
        const uint8_t* end = it + length;

        while (it != end) 
        {
            uint16_t extra_bytes_to_read = trailing_bytes_for_utf8[*it];
            if (extra_bytes_to_read >= end - it) 
            {
                result = unicode_errc::source_exhausted; 
                break;
            }
            /* Do this check whether lenient or strict */
            if ((result=is_legal_utf8(it, extra_bytes_to_read+1)) != unicode_errc())
            {
                break;
            }
            /*
             * The cases all fall through. See "Note A" below.
             */
            uint32_t ch = 0;
            switch (extra_bytes_to_read) {
                case 5: ch += *it++; ch <<= 6; /* remember, illegal UTF-8 */
                    JSONCONS_FALLTHROUGH;
                case 4: ch += *it++; ch <<= 6; /* remember, illegal UTF-8 */
                    JSONCONS_FALLTHROUGH;
                case 3: ch += *it++; ch <<= 6;
                    JSONCONS_FALLTHROUGH;
                case 2: ch += *it++; ch <<= 6;
                    JSONCONS_FALLTHROUGH;
                case 1: ch += *it++; ch <<= 6;
                    JSONCONS_FALLTHROUGH;
                case 0: ch += *it++;
                    break;
            }
            ch -= offsets_from_utf8[extra_bytes_to_read];

            if (ch <= max_bmp) { /* Target is a character <= 0xFFFF */
                /* UTF-16 surrogate values are illegal in UTF-32 */
                if (is_surrogate(ch) ) 
                {
                    if (flags == strict_flag::strict) {
                        it -= (extra_bytes_to_read+1); /* return to the illegal value itself */
                        result = unicode_errc::source_illegal;
                        break;
                    } else {
                        target.push_back(replacement_char);
                    }
                } else {
                    target.push_back((uint16_t)ch); /* normal case */
                }
            } else if (ch > max_utf16) {
                if (flags == strict_flag::strict) {
                    result = unicode_errc::source_illegal;
                    it -= (extra_bytes_to_read+1); /* return to the start */
                    break; /* Bail out; shouldn't continue */
                } else {
                    target.push_back(replacement_char);
                }
            } else {
                /* target is a character in range 0xFFFF - 0x10FFFF. */
                ch -= half_base;
                target.push_back((uint16_t)((ch >> half_shift) + sur_high_start));
                target.push_back((uint16_t)((ch & half_mask) + sur_low_start));
            }
        }
        return unicode_result<CharT>{reinterpret_cast<const CharT*>(it),result} ;
    }

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char8<CharT>::value                            
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char32<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, 
            Container& target, 
            strict_flag flags = strict_flag::strict) 
    {
        const uint8_t* it = reinterpret_cast<const uint8_t*>(data);
        const uint8_t* end = it + length;

        unicode_errc  result{};

        while (it < end) 
        {
            uint32_t ch = 0;
            uint16_t extra_bytes_to_read = trailing_bytes_for_utf8[*it];
            if (extra_bytes_to_read >= end - it) 
            {
                result = unicode_errc::source_exhausted; 
                break;
            }
            /* Do this check whether lenient or strict */
            if ((result=is_legal_utf8(it, extra_bytes_to_read+1)) != unicode_errc()) 
            {
                break;
            }
            /*
             * The cases all fall through. See "Note A" below.
             */
            switch (extra_bytes_to_read) 
            {
                case 5: 
                    ch += *it++; 
                    ch <<= 6;
                    JSONCONS_FALLTHROUGH;
                case 4: 
                    ch += *it++; 
                    ch <<= 6;
                    JSONCONS_FALLTHROUGH;
                case 3: 
                    ch += *it++; 
                    ch <<= 6;
                    JSONCONS_FALLTHROUGH;
                case 2: 
                    ch += *it++; 
                    ch <<= 6;
                    JSONCONS_FALLTHROUGH;
                case 1: 
                    ch += *it++; 
                    ch <<= 6;
                    JSONCONS_FALLTHROUGH;
                case 0: 
                    ch += *it++;
                    break;
            }
            ch -= offsets_from_utf8[extra_bytes_to_read];

            if (ch <= max_legal_utf32) {
                /*
                 * UTF-16 surrogate values are illegal in UTF-32, and anything
                 * over Plane 17 (> 0x10FFFF) is illegal.
                 */
                if (is_surrogate(ch) ) 
                {
                    if (flags == strict_flag::strict) {
                        it -= (extra_bytes_to_read+1); /* return to the illegal value itself */
                        result = unicode_errc::source_illegal;
                        break;
                    } else {
                        target.push_back(replacement_char);
                    }
                } else {
                    target.push_back(ch);
                }
            } else { /* i.e., ch > max_legal_utf32 */
                result = unicode_errc::source_illegal;
                target.push_back(replacement_char);
            }
        }
        return unicode_result<CharT>{reinterpret_cast<const CharT*>(it),result} ;
    }

    // utf16

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char16<CharT>::value                            
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char8<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, 
                     Container& target, 
                     strict_flag flags = strict_flag::strict) {
        unicode_errc  result{};

        const CharT* last = data + length;
        while (data < last) {
            uint16_t bytes_to_write = 0;
            static constexpr uint32_t byteMask = 0xBF;
            static constexpr uint32_t byteMark = 0x80; 
            uint32_t ch = *data++;
            /* If we have a surrogate pair, convert to uint32_t data. */
            if (is_high_surrogate(ch)) 
            {
                /* If the 16 bits following the high surrogate are in the data buffer... */
                if (data < last) {
                    uint32_t ch2 = *data;
                    /* If ptr's a low surrogate, convert to uint32_t. */
                    if (ch2 >= sur_low_start && ch2 <= sur_low_end) {
                        ch = ((ch - sur_high_start) << half_shift)
                            + (ch2 - sur_low_start) + half_base;
                        ++data;
                    } else if (flags == strict_flag::strict) { /* ptr's an unpaired high surrogate */
                        --data; /* return to the illegal value itself */
                        result = unicode_errc::unpaired_high_surrogate;
                        break;
                    }
                } else { /* We don't have the 16 bits following the high surrogate. */
                    --data; /* return to the high surrogate */
                    result = unicode_errc::source_exhausted;
                    break;
                }
            } else if (flags == strict_flag::strict) {
                /* UTF-16 surrogate values are illegal in UTF-32 */
                if (is_low_surrogate(ch)) 
                {
                    --data; /* return to the illegal value itself */
                    result = unicode_errc::source_illegal;
                    break;
                }
            }
            /* Figure out how many bytes the result will require */
            if (ch < (uint32_t)0x80) {      
                bytes_to_write = 1;
            } else if (ch < (uint32_t)0x800) {     
                bytes_to_write = 2;
            } else if (ch < (uint32_t)0x10000) {   
                bytes_to_write = 3;
            } else if (ch < (uint32_t)0x110000) {  
                bytes_to_write = 4;
            } else {                            
                bytes_to_write = 3;
                ch = replacement_char;
            }
            
            uint8_t byte1 = 0;
            uint8_t byte2 = 0;
            uint8_t byte3 = 0;
            uint8_t byte4 = 0;

            switch (bytes_to_write) { // note: everything falls through
                case 4: byte4 = (uint8_t)((ch | byteMark) & byteMask); ch >>= 6;
                    JSONCONS_FALLTHROUGH;
                case 3: byte3 = (uint8_t)((ch | byteMark) & byteMask); ch >>= 6;
                    JSONCONS_FALLTHROUGH;
                case 2: byte2 = (uint8_t)((ch | byteMark) & byteMask); ch >>= 6;
                    JSONCONS_FALLTHROUGH;
                case 1: byte1 = (uint8_t)(ch | first_byte_mark[bytes_to_write]);
                    break;
            }
            switch (bytes_to_write) 
            {
            case 4: 
                target.push_back(byte1);
                target.push_back(byte2);
                target.push_back(byte3);
                target.push_back(byte4);
                break;
            case 3: 
                target.push_back(byte1);
                target.push_back(byte2);
                target.push_back(byte3);
                break;
            case 2: 
                target.push_back(byte1);
                target.push_back(byte2);
                break;
            case 1: 
                target.push_back(byte1);
                break;
            }
        }
        return unicode_result<CharT>{data,result} ;
    }

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char16<CharT>::value                            
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char16<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, 
            Container& target, 
            strict_flag flags = strict_flag::strict) 
    {
        unicode_errc  result{};

        const CharT* last = data + length;
        while (data != last) 
        {
            uint32_t ch = *data++;
            /* If we have a surrogate pair, convert to uint32_t data. */
            if (is_high_surrogate(ch)) 
            {
                /* If the 16 bits following the high surrogate are in the data buffer... */
                if (data < last) {
                    uint32_t ch2 = *data;
                    /* If ptr's a low surrogate, */
                    if (ch2 >= sur_low_start && ch2 <= sur_low_end) {
                        target.push_back((uint16_t)ch);
                        target.push_back((uint16_t)ch2);
                        ++data;
                    } else if (flags == strict_flag::strict) { /* ptr's an unpaired high surrogate */
                        --data; /* return to the illegal value itself */
                        result = unicode_errc::unpaired_high_surrogate;
                        break;
                    }
                } else { /* We don't have the 16 bits following the high surrogate. */
                    --data; /* return to the high surrogate */
                    result = unicode_errc::source_exhausted;
                    break;
                }
            } else if (is_low_surrogate(ch)) 
            {
                // illegal leading low surrogate
                if (flags == strict_flag::strict) {
                    --data; /* return to the illegal value itself */
                    result = unicode_errc::source_illegal;
                    break;
                }
                else
                {
                    target.push_back((uint16_t)ch);
                }
            }
            else
            {
                target.push_back((uint16_t)ch);
            }
        }
        return unicode_result<CharT>{data,result} ;
    }

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char16<CharT>::value                            
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char32<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, 
            Container& target, 
            strict_flag flags = strict_flag::strict) 
    {
        unicode_errc  result{};

        const CharT* last = data + length;
        while (data != last) 
        {
            uint32_t ch = *data++;
            /* If we have a surrogate pair, convert to UTF32 data. */
            if (is_high_surrogate(ch)) 
            {
                /* If the 16 bits following the high surrogate are in the data buffer... */
                if (data < last) {
                    uint32_t ch2 = *data;
                    /* If ptr's a low surrogate, convert to UTF32. */
                    if (ch2 >= sur_low_start && ch2 <= sur_low_end ) 
                    {
                        ch = ((ch - sur_high_start) << half_shift)
                            + (ch2 - sur_low_start) + half_base;
                        ++data;
                    } else if (flags == strict_flag::strict) { /* ptr's an unpaired high surrogate */
                        --data; /* return to the illegal value itself */
                        result = unicode_errc::source_illegal;
                        break;
                    }
                } else { /* We don't have the 16 bits following the high surrogate. */
                    --data; /* return to the high surrogate */
                    result = unicode_errc::source_exhausted;
                    break;
                }
            } else if (flags == strict_flag::strict) {
                /* UTF-16 surrogate values are illegal in UTF-32 */
                if (is_low_surrogate(ch) ) 
                {
                    --data; /* return to the illegal value itself */
                    result = unicode_errc::source_illegal;
                    break;
                }
            }
            target.push_back(ch);
        }
        return unicode_result<CharT>{data,result} ;
    }

    // utf32

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char32<CharT>::value                            
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char8<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, 
            Container& target, 
            strict_flag flags = strict_flag::strict) 
    {
        unicode_errc  result{};
        const CharT* last = data + length;
        while (data < last) 
        {
            uint16_t bytes_to_write = 0;
            static constexpr uint32_t byteMask = 0xBF;
            static constexpr uint32_t byteMark = 0x80; 
            uint32_t ch = *data++;
            if (flags == strict_flag::strict ) 
            {
                /* UTF-16 surrogate values are illegal in UTF-32 */
                if (is_surrogate(ch)) 
                {
                    --data; /* return to the illegal value itself */
                    result = unicode_errc::illegal_surrogate_value;
                    break;
                }
            }
            /*
             * Figure out how many bytes the result will require. Turn any
             * illegally large UTF32 things (> Plane 17) into replacement chars.
             */
            if (ch < (uint32_t)0x80) {      bytes_to_write = 1;
            } else if (ch < (uint32_t)0x800) {     bytes_to_write = 2;
            } else if (ch < (uint32_t)0x10000) {   bytes_to_write = 3;
            } else if (ch <= max_legal_utf32) {  bytes_to_write = 4;
            } else {                            
                bytes_to_write = 3;
                ch = replacement_char;
                result = unicode_errc::source_illegal;
            }

            uint8_t byte1 = 0;
            uint8_t byte2 = 0;
            uint8_t byte3 = 0;
            uint8_t byte4 = 0;

            switch (bytes_to_write) {
            case 4:
                byte4 = (uint8_t)((ch | byteMark) & byteMask); ch >>= 6;
                JSONCONS_FALLTHROUGH;
            case 3:
                byte3 = (uint8_t)((ch | byteMark) & byteMask); ch >>= 6;
                JSONCONS_FALLTHROUGH;
            case 2:
                byte2 = (uint8_t)((ch | byteMark) & byteMask); ch >>= 6;
                JSONCONS_FALLTHROUGH;
            case 1:
                byte1 = (uint8_t) (ch | first_byte_mark[bytes_to_write]);
                break;
            }

            switch (bytes_to_write) 
            {
            case 4: 
                target.push_back(byte1);
                target.push_back(byte2);
                target.push_back(byte3);
                target.push_back(byte4);
                break;
            case 3: 
                target.push_back(byte1);
                target.push_back(byte2);
                target.push_back(byte3);
                break;
            case 2: 
                target.push_back(byte1);
                target.push_back(byte2);
                break;
            case 1: 
                target.push_back(byte1);
                break;
            }
        }
        return unicode_result<CharT>{data,result} ;
    }

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char32<CharT>::value                            
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char16<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, 
            Container& target, 
            strict_flag flags = strict_flag::strict) 
    {
        unicode_errc  result{};

        const CharT* last = data + length;
        while (data != last) 
        {
            uint32_t ch = *data++;
            if (ch <= max_bmp) { /* Target is a character <= 0xFFFF */
                /* UTF-16 surrogate values are illegal in UTF-32; 0xffff or 0xfffe are both reserved values */
                if (is_surrogate(ch) ) 
                {
                    if (flags == strict_flag::strict) {
                        --data; /* return to the illegal value itself */
                        result = unicode_errc::source_illegal;
                        break;
                    } else {
                        target.push_back(replacement_char);
                    }
                } else {
                    target.push_back((uint16_t)ch); /* normal case */
                }
            } else if (ch > max_legal_utf32) {
                if (flags == strict_flag::strict) {
                    result = unicode_errc::source_illegal;
                } else {
                    target.push_back(replacement_char);
                }
            } else {
                /* target is a character in range 0xFFFF - 0x10FFFF. */
                ch -= half_base;
                target.push_back((uint16_t)((ch >> half_shift) + sur_high_start));
                target.push_back((uint16_t)((ch & half_mask) + sur_low_start));
            }
        }
        return unicode_result<CharT>{data,result} ;
    }

    template <typename CharT,typename Container>
    typename std::enable_if<ext_traits::is_char32<CharT>::value                            
                            && ext_traits::is_back_insertable<Container>::value
                            && ext_traits::is_char32<typename Container::value_type>::value,
                            unicode_result<CharT>>::type 
    convert(const CharT* data, std::size_t length, 
            Container& target, 
            strict_flag flags = strict_flag::strict) 
    {
        unicode_errc  result{};

        const CharT* last = data + length;
        while (data != last) 
        {
            uint32_t ch = *data++;
            if (flags == strict_flag::strict ) 
            {
                /* UTF-16 surrogate values are illegal in UTF-32 */
                if (is_surrogate(ch)) 
                {
                    --data; /* return to the illegal value itself */
                    result = unicode_errc::illegal_surrogate_value;
                    break;
                }
            }
            if (ch <= max_legal_utf32)
            {
                target.push_back(ch);
            }
            else
            {
                target.push_back(replacement_char);
                result = unicode_errc::source_illegal;
            }
        }
        return unicode_result<CharT>{data,result} ;
    }

    // validate

    template <typename CharT>
    typename std::enable_if<ext_traits::is_char8<CharT>::value,
                            unicode_result<CharT>>::type 
    validate(const CharT* data, std::size_t length) noexcept
    {
        const uint8_t* it = reinterpret_cast<const uint8_t*>(data);
        const uint8_t* end = it + length;

        unicode_errc  result{};
        while (it != end) 
        {
            if ((end - it) >= 8)
            {
                JSONCONS_REPEAT8({if (JSONCONS_LIKELY((*it & 0x80) == 0)) ++it; else goto non_ascii;})
                continue;
            }
    non_ascii:
            const std::size_t len = static_cast<std::size_t>(trailing_bytes_for_utf8[*it]) + 1;
            if (len > (std::size_t)(end - it))
            {
                return unicode_result<CharT>{reinterpret_cast<const CharT*>(it), unicode_errc::source_exhausted};
            }
            if ((result=is_legal_utf8(it, len)) != unicode_errc())
            {
                return unicode_result<CharT>{reinterpret_cast<const CharT*>(it),result} ;
            }
            it += len;
        }
        return unicode_result<CharT>{reinterpret_cast<const CharT*>(it),result} ;
    }

    // utf16

    template <typename CharT>
    typename std::enable_if<ext_traits::is_char16<CharT>::value,
                            unicode_result<CharT>>::type 
    validate(const CharT* data, std::size_t length)  noexcept
    {
        unicode_errc  result{};

        const CharT* last = data + length;
        while (data != last) 
        {
            uint32_t ch = *data++;
            /* If we have a surrogate pair, validate to uint32_t data. */
            if (is_high_surrogate(ch)) 
            {
                /* If the 16 bits following the high surrogate are in the data buffer... */
                if (data < last) {
                    uint32_t ch2 = *data;
                    /* If ptr's a low surrogate, */
                    if (ch2 >= sur_low_start && ch2 <= sur_low_end) {
                        ++data;
                    } else {
                        --data; /* return to the illegal value itself */
                        result = unicode_errc::unpaired_high_surrogate;
                        break;
                    }
                } 
                else // We don't have the 16 bits following the high surrogate.  
                { 
                    --data; /* return to the high surrogate */
                    result = unicode_errc::source_exhausted;
                    break;
                }
            } 
            else if (is_low_surrogate(ch)) 
            {
                /* UTF-16 surrogate values are illegal in UTF-32 */
                --data; /* return to the illegal value itself */
                result = unicode_errc::source_illegal;
                break;
            }
        }
        return unicode_result<CharT>{data,result} ;
    }

    // utf32

    template <typename CharT>
    typename std::enable_if<ext_traits::is_char32<CharT>::value,
                            unicode_result<CharT>>::type 
    validate(const CharT* data, std::size_t length) noexcept
    {
        unicode_errc  result{};

        const CharT* last = data + length;
        while (data != last) 
        {
            uint32_t ch = *data++;
            /* UTF-16 surrogate values are illegal in UTF-32 */
            if (is_surrogate(ch)) 
            {
                --data; /* return to the illegal value itself */
                result = unicode_errc::illegal_surrogate_value;
                break;
            }
            if (!(ch <= max_legal_utf32))
            {
                result = unicode_errc::source_illegal;
            }
        }
        return unicode_result<CharT>{data, result} ;
    }

    enum class encoding {u8,u16le,u16be,u32le,u32be,undetected};

    template <typename Iterator>
    struct determine_encoding_result
    {
        Iterator it;
        encoding ec;
    };

    template <typename Iterator>
    typename std::enable_if<std::is_integral<typename std::iterator_traits<Iterator>::value_type>::value && sizeof(typename std::iterator_traits<Iterator>::value_type) == sizeof(uint8_t),
                            determine_encoding_result<Iterator>>::type 
    detect_encoding(Iterator first, Iterator last) noexcept
    {
        Iterator it1 = first;
        if (std::distance(first,last) < 4)
        {
            if (std::distance(first,last) == 3)
            {
                Iterator it2 = ++first;
                Iterator it3 = ++first;
                if (static_cast<uint8_t>(*it1) == 0xEF && static_cast<uint8_t>(*it2) == 0xBB && static_cast<uint8_t>(*it3) == 0xBF)
                {
                    return determine_encoding_result<Iterator>{last,encoding::u8};
                }
            }
            return determine_encoding_result<Iterator>{it1,encoding::undetected};
        }
        else
        {
            Iterator it2 = ++first;
            Iterator it3 = ++first;
            Iterator it4 = ++first;

            uint32_t bom = static_cast<uint8_t>(*it1) | (static_cast<uint8_t>(*it2) << 8) | (static_cast<uint8_t>(*it3) << 16) | (static_cast<uint8_t>(*it4) << 24);
            if (bom == 0xFFFE0000)                  
            { 
                return determine_encoding_result<Iterator>{it4++,encoding::u32be};
            }
            else if (bom == 0x0000FEFF) 
            {
                return determine_encoding_result<Iterator>{first,encoding::u32le};
            }
            else if ((bom & 0xFFFF) == 0xFFFE)     
            {
                return determine_encoding_result<Iterator>{it3,encoding::u16be};
            }
            else if ((bom & 0xFFFF) == 0xFEFF)      
            {
                return determine_encoding_result<Iterator>{it3,encoding::u16le};
            }
            else if ((bom & 0xFFFFFF) == 0xBFBBEF)  
            {
                return determine_encoding_result<Iterator>{it4,encoding::u8};
            }
            else
            {
                uint32_t pattern = (static_cast<uint8_t>(*it1) ? 1 : 0) | (static_cast<uint8_t>(*it2) ? 2 : 0) | (static_cast<uint8_t>(*it3) ? 4 : 0) | (static_cast<uint8_t>(*it4) ? 8 : 0);
                switch (pattern) {
                case 0x08: 
                    return determine_encoding_result<Iterator>{it1,encoding::u32be};
                case 0x0A: 
                    return determine_encoding_result<Iterator>{it1,encoding::u16be};
                case 0x01: 
                    return determine_encoding_result<Iterator>{it1,encoding::u32le};
                case 0x05: 
                    return determine_encoding_result<Iterator>{it1,encoding::u16le};
                case 0x0F: 
                    return determine_encoding_result<Iterator>{it1,encoding::u8};
                default:
                    return determine_encoding_result<Iterator>{it1,encoding::undetected};
                }
            }
        }
    }

    // count_codepoints

    template <typename CharT>
    typename std::enable_if<ext_traits::is_char8<CharT>::value || ext_traits::is_char16<CharT>::value || ext_traits::is_char32<CharT>::value, std::size_t>::type 
    count_codepoints(const CharT* data, std::size_t length, 
                     strict_flag flags = strict_flag::strict) noexcept
    {
        unicode_errc ec = unicode_errc();

        std::size_t count = 0;
        const CharT* it = data;
        const CharT* end = data + length;

        for (; it < end; ++count) 
        {
            uint32_t cp = 0;
            auto r = to_codepoint(it, end, cp, flags);
            if (r.ec != unicode_errc())
            {
                ec = r.ec;
                break;
            }
            it = r.ptr;
        }
        return ec == unicode_errc() && it == end ? count : 0;
    }

} // unicode_traits
} // namespace jsoncons

#endif //JSONCONS_UTILITY_UNICODE_TRAITS_HPP

