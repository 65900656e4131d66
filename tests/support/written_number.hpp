// SPDX-License-Identifier: MIT
// A float32 height as a package writes it and a consumer reads it back.
#pragma once

namespace isla::test {

// The shortest decimal that reads back as `value`, read as a double:
// -166.39133f is -166.39133, not -166.39132690429688.
double asWritten(float value);

}  // namespace isla::test
