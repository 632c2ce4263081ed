# navigator_target_defaults(TARGET): the warning and sanitizer flags every project target uses.
function(navigator_target_defaults target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(NAVIGATOR_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(NAVIGATOR_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                              -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
