# ISLA_SANITIZE=address,undefined instruments every target of the build.
if(ISLA_SANITIZE)
  add_compile_options(-fsanitize=${ISLA_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${ISLA_SANITIZE})
endif()
