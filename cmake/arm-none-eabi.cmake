# CMake toolchain file for the STM32F4 board target: arm-none-eabi-gcc with newlib-nano, no OS.
# Used by firmware/hal/stm32f4 (a separate CMake project the host build drives through
# ExternalProject_Add). Flags for the Cortex-M4 with its single-precision FPU.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

find_program(CMAKE_C_COMPILER arm-none-eabi-gcc REQUIRED)
find_program(CMAKE_ASM_COMPILER arm-none-eabi-gcc REQUIRED)
find_program(ARM_NONE_EABI_OBJCOPY arm-none-eabi-objcopy REQUIRED)
find_program(ARM_NONE_EABI_SIZE arm-none-eabi-size REQUIRED)

# The compiler check links a program; without a linker script that cannot work bare metal.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(NAVIGATOR_ARM_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
set(CMAKE_C_FLAGS_INIT "${NAVIGATOR_ARM_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT "${NAVIGATOR_ARM_CPU_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "${NAVIGATOR_ARM_CPU_FLAGS} --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections")

# Look for programs on the host, for libraries and headers only in the cross environment.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
