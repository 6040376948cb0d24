import TaflCore
